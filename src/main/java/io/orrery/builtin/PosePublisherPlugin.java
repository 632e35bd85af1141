package io.orrery.builtin;

import io.orrery.physics.ModelState;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Emits model poses as the event {@value #EVENT} at {@code <update_rate>} Hz (default 10, at most 1000), from
 * its own timer thread and the world snapshot, never the live world. Optional {@code <model>} elements restrict
 * it to those models; models not in the world yet are simply absent from the message.
 *
 * <pre>{@code
 * <plugin name="poses" filename="orrery-pose-publisher">
 *   <update_rate>20</update_rate>
 *   <model>robot</model>
 * </plugin>
 * }</pre>
 */
public final class PosePublisherPlugin implements Plugin {

    /** The filename this plugin type is registered under. */
    public static final String FILENAME = "orrery-pose-publisher";
    /** The event it emits. */
    public static final String EVENT = "poses";

    static final double DEFAULT_RATE_HZ = 10;
    static final double MAX_RATE_HZ = 1000;

    /**
     * One message.
     *
     * @param world the world name
     * @param iteration the step count of the snapshot
     * @param simTime the simulation time in seconds
     * @param models the selected models' poses, in world order
     */
    public record Poses(String world, long iteration, double simTime, List<ModelPose> models) {
        public Poses {
            models = List.copyOf(models);
        }
    }

    /** A model's pose in the world frame. */
    public record ModelPose(String name, Pose pose) {}

    private PluginContext context;
    private long periodNanos;
    private Set<String> models;
    private ScheduledExecutorService timer;

    @Override
    public void awake(PluginContext context) {
        this.context = context;
        Parameters params = new Parameters(context.spec());
        double rate = params.number(
                "update_rate",
                DEFAULT_RATE_HZ,
                Double.MIN_VALUE,
                MAX_RATE_HZ,
                "a rate in Hz above 0 and at most " + (int) MAX_RATE_HZ);
        periodNanos = Math.max(1, Math.round(1e9 / rate));
        List<SdfElement> modelElements = context.spec().parameters().stream()
                .filter(e -> e.name().equals("model"))
                .toList();
        for (SdfElement e : modelElements) {
            if (e.text() == null || e.text().isBlank()) {
                throw params.bad("model", "a model name", "an empty element");
            }
        }
        models = Set.copyOf(modelElements.stream().map(e -> e.text().trim()).toList());
    }

    @Override
    public void start(PluginContext context) {
        String threadName = "orrery-pose-publisher-" + context.qualifiedName();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::publishOnce, 0, periodNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void end() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    private void publishOnce() {
        try {
            WorldSnapshot snapshot = context.snapshot();
            List<ModelPose> poses = snapshot.models().stream()
                    .filter(m -> models.isEmpty() || models.contains(m.name()))
                    .map(PosePublisherPlugin::poseOf)
                    .toList();
            context.emit(EVENT, new Poses(snapshot.world(), snapshot.iteration(), snapshot.simTimeSeconds(), poses));
        } catch (RuntimeException e) {
            // A throwing task would silently cancel the schedule; log and keep publishing.
            context.logger().warn("could not publish poses", e);
        }
    }

    private static ModelPose poseOf(ModelState model) {
        return new ModelPose(model.name(), model.pose());
    }
}
