package io.orrery.ops;

import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The batched worlds ({@code orrery.worlds}): N copies of the configured world under a task, stepped together over
 * {@code /api/vector} (docs/vector-lockstep.md).
 *
 * @param count how many copies; 0 (the default) hosts none
 * @param task the task file; unset means the world file's sibling {@code <name>.task.yaml}
 * @param threads the pool that steps them, the caller's thread counted; 0 (the default) means one per core
 */
@ConfigurationProperties("orrery.worlds")
public record WorldsProperties(
        @DefaultValue("0") int count,
        String task,
        @DefaultValue("0") int threads) {

    public WorldsProperties {
        if (count < 0 || count > io.orrery.control.WorldBatch.MAX_WORLDS) {
            throw new IllegalArgumentException("orrery.worlds.count must be from 0 to "
                    + io.orrery.control.WorldBatch.MAX_WORLDS + ", got " + count);
        }
        if (threads < 0 || threads > 1024) {
            throw new IllegalArgumentException(
                    "orrery.worlds.threads must be from 0 (one per core) to 1024, got " + threads);
        }
    }

    /** The pool's size: as set, else the cores. */
    public int poolSize() {
        return threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    /** The task file: as set, else {@code <world>.task.yaml} beside the world, which must then exist. */
    public Path taskFile(Path world) {
        if (task != null && !task.isBlank()) {
            return Path.of(task);
        }
        String name = world.getFileName().toString().replaceFirst("\\.(sdf|world)$", "");
        Path sibling = world.resolveSibling(name + ".task.yaml");
        if (!Files.isRegularFile(sibling)) {
            throw new IllegalArgumentException(
                    "orrery.worlds.count is set but there is no task: set orrery.worlds.task," + " or put one at "
                            + sibling);
        }
        return sibling;
    }
}
