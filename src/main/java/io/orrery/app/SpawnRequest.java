package io.orrery.app;

import io.orrery.world.Pose;
import java.util.Objects;
import java.util.Optional;

/**
 * A model to add to a world.
 *
 * @param source where its SDF comes from
 * @param origin what the request is, as a bad snippet's errors name it ({@code spawn request})
 * @param name the name to give it instead of its own
 * @param pose the pose (world frame) to place it at instead of its own
 * @param allowRenaming when its name is taken, give it a free one ({@code <name>_1}, ...) instead of refusing
 */
public record SpawnRequest(
        ModelSource source, String origin, Optional<String> name, Optional<Pose> pose, boolean allowRenaming) {

    public SpawnRequest {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(pose, "pose");
    }

    /** The model of an SDF snippet, as written. */
    public static SpawnRequest of(String snippet, String origin) {
        return new SpawnRequest(new ModelSource.Snippet(snippet), origin, Optional.empty(), Optional.empty(), false);
    }

    /** Where a model's SDF comes from. */
    public sealed interface ModelSource {

        /** An SDF {@code <model>} snippet (or an {@code <sdf>} document holding one). */
        record Snippet(String sdf) implements ModelSource {
            public Snippet {
                Objects.requireNonNull(sdf, "sdf");
            }
        }

        /** A {@code model://} URI, or an SDF file inside the worlds directory. */
        record File(String uri) implements ModelSource {
            public File {
                Objects.requireNonNull(uri, "uri");
            }
        }
    }
}
