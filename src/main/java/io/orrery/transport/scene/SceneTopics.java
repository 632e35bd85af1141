package io.orrery.transport.scene;

import com.gz.msgs.PoseVProtos.Pose_V;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.runner.port.SavedWorld;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import io.orrery.topic.msgs.EntityIds;
import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The topics a live view and a recording add to the bus's: the scene and the link frames, their names, where their
 * input comes from (gz sim's {@code pose/info}) and when the scene must be drawn again (a model came or went).
 */
public final class SceneTopics {

    /** The scene: a {@code foxglove.SceneUpdate} of every link's shapes, again whenever the models change. */
    public static final String SCENE = "/foxglove/scene";

    /** The link frames: {@code foxglove.FrameTransforms} at gz sim's pose rate. */
    public static final String TRANSFORMS = "/foxglove/tf";

    private static final Pattern POSE_INFO = Pattern.compile("/world/[^/]+/pose/info");

    private SceneTopics() {}

    /** The world's {@code /world/<name>/pose/info} topic, if the world publishes one. */
    public static Optional<String> poseInfo(TopicBus bus) {
        return bus.topics().stream()
                .map(TopicInfo::name)
                .filter(n -> POSE_INFO.matcher(n).matches())
                .sorted()
                .findFirst();
    }

    /** A hash of the model names in a pose/info: it changes when a model comes or goes. */
    public static long modelsKey(Pose_V v) {
        long h = 1;
        for (var p : v.getPoseList()) {
            if (p.getId() == EntityIds.id(p.getName())) {
                h = 31 * h + p.getName().hashCode();
            }
        }
        return h;
    }

    /**
     * The records of the world's models now: as loaded, and those spawned since. Waits for the runner's capture, so
     * never call it on the runner's thread.
     */
    public static List<ModelSpec> models(WorldFiles files, WorldId world) {
        SavedWorld saved = files.capture(world);
        Map<String, ModelSpec> specs = new HashMap<>();
        saved.loaded().models().forEach(m -> specs.put(m.name(), m));
        for (ModelSnapshot m : saved.state().models()) {
            m.spawnedSpec().ifPresent(spec -> specs.put(m.name(), spec));
        }
        List<ModelSpec> now = new ArrayList<>();
        for (ModelSnapshot m : saved.state().models()) {
            ModelSpec spec = specs.get(m.name());
            if (spec != null) {
                now.add(spec);
            }
        }
        return now;
    }
}
