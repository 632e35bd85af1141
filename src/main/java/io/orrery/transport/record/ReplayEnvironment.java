package io.orrery.transport.record;

import io.orrery.transport.record.mcap.McapAttachment;
import io.orrery.transport.record.mcap.McapAttachmentIndex;
import io.orrery.transport.record.mcap.McapReader;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * With {@code orrery.replay=FILE.mcap}: the run is set up as the recording says, before anything is bound. The world
 * files it carries are written under a temporary directory at their recorded absolute paths (so relative and
 * {@code model://} includes resolve among them), and the recorded engine, articulation, step size and seed win over
 * any other configuration; the world starts paused and unpaced, records nothing, writes no report, and serves on a
 * random port without gz-transport. {@link ReplayRun} then drives it.
 */
public final class ReplayEnvironment implements EnvironmentPostProcessor {

    static final String PROPERTY = "orrery.replay";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String replay = environment.getProperty(PROPERTY, "");
        if (replay.isBlank()) {
            return;
        }
        Path file = Path.of(replay);
        ReplayFile recorded = readOrExit(file);
        try {
            Path root = Files.createTempDirectory("orrery-replay-");
            extract(file, root);
            Map<String, Object> p = new LinkedHashMap<>();
            Map<String, String> s = recorded.settings;
            p.put("orrery.world", under(root, s.get("world")).toString());
            p.put(
                    "orrery.model-path",
                    Arrays.stream(s.getOrDefault("model_path", "").split(File.pathSeparator))
                            .filter(d -> !d.isBlank())
                            .map(d -> under(root, d).toString())
                            .collect(Collectors.joining(",")));
            p.put("orrery.physics.engine", s.get("engine"));
            p.put("orrery.physics.articulation", s.get("articulation"));
            if (s.containsKey("step_size_nanos")) {
                p.put("orrery.step-size", s.get("step_size_nanos") + "ns");
            }
            p.put("orrery.seed", s.getOrDefault("seed", "0"));
            p.put("orrery.parallel-post-update", s.getOrDefault("parallel_post_update", "false"));
            p.put("orrery.real-time-factor", "0");
            p.put("orrery.start-paused", "true");
            p.put("orrery.stop-at", "");
            p.put("orrery.stop-after-steps", "");
            p.put("orrery.exit-on-stop", "false");
            p.put("orrery.report", "");
            p.put("orrery.record.path", "");
            p.put("orrery.transport.enabled", "false");
            p.put("server.port", "0");
            environment.getPropertySources().addFirst(new MapPropertySource("orrery.replay (" + file + ")", p));
        } catch (IOException e) {
            throw new UncheckedIOException("orrery.replay: cannot read " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("orrery.replay: " + e.getMessage(), e);
        }
    }

    /**
     * The recording; one that cannot be replayed (not journaled, journal lost, over a bound, hashed another way) ends
     * the process before Spring starts, with the verdict and code 4, as docs/recording.md promises.
     */
    private static ReplayFile readOrExit(Path file) {
        try {
            return ReplayFile.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException("orrery.replay: cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            System.out.println("orrery replay: " + e.getMessage());
            System.out.flush();
            System.exit(ReplayRun.CANNOT);
            throw e; // not reached
        }
    }

    /** Writes each attachment named by an absolute path to that path under {@code root}. */
    private static void extract(Path file, Path root) throws IOException {
        try (McapReader r = McapReader.open(file)) {
            for (McapAttachmentIndex index : r.attachments()) {
                McapAttachment a = r.attachment(index);
                Path target = under(root, a.name());
                Files.createDirectories(target.getParent());
                Files.write(target, a.data());
            }
        }
    }

    /** {@code absolute} moved under {@code root}; a name that would leave it is refused. */
    static Path under(Path root, String absolute) {
        Path p = Path.of(absolute).normalize();
        Path relative = p.getRoot() == null ? p : p.getRoot().relativize(p);
        Path target = root.resolve(relative).normalize();
        if (!target.startsWith(root) || relative.startsWith("..")) {
            throw new IllegalArgumentException("the recording names a file outside its own tree: " + absolute);
        }
        return target;
    }
}
