package io.orrery.system.performerdetector;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.PoseProtos;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.PerformerSpec;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Gazebo's PerformerDetector system ({@code gz-sim-performer-detector-system}), a model plugin: a region, the box
 * {@code <geometry><box><size>} centred on the model's origin moved by {@code <pose>}'s position and aligned with the
 * world's axes (as gz-sim builds it), and the world's performers ({@link PluginContext#performers()}), each the box of
 * its size around its model's origin. After every step that is not paused, a performer whose box starts to
 * intersect the region (touching counts, as gz-math's {@code AxisAlignedBox::Intersects}) or stops to is published
 * on {@code <topic>} ({@code /model/<model>/performer_detector/status}) as a {@code gz.msgs.Pose}: the performer's
 * model's name and pose in the detector model's frame, the header's {@code frame_id} (the detector model's name),
 * {@code state} ({@code 1} entered, {@code 0} left), {@code count} (performers inside now) and each
 * {@code <header_data>} key and value (sorted by key; a later duplicate replaces an earlier one; one with a key or a
 * value missing is left out with a warning, as Gazebo does). The message's entity id is not set: Orrery's models have
 * no entity numbers. A reset forgets which performers were inside, as gz-sim's reset reloads a system without a
 * Reset of its own. Threads: the runner's (its PostUpdate on the pool reads only its own state).
 */
public final class PerformerDetector implements Plugin, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-performer-detector-system}. */
    public static final String SHORT_NAME = "performer-detector";
    /** Gazebo's class name: {@code gz::sim::systems::PerformerDetector}. */
    public static final String CLASS_NAME = "PerformerDetector";

    private DeclaringModel declaring;
    private Vec3 halfSize;
    private Vec3 offset;
    private Map<String, String> headerData;
    private List<PerformerSpec> performers;
    private Publisher<PoseProtos.Pose> publisher;
    private final Set<String> detected = new HashSet<>();

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        declaring = DeclaringModel.of(ctx, params);
        Vec3 size = ctx.spec().parameters().stream()
                .filter(p -> p.name().equals("geometry"))
                .findFirst()
                .flatMap(g -> g.child("box"))
                .flatMap(b -> b.child("size"))
                .map(s -> sizeOf(s, params))
                .orElseThrow(() -> params.bad("needs <geometry><box><size>, the region it watches"));
        halfSize = size.times(0.5);
        offset = params.text("pose").map(p -> poseOffset(p, params)).orElse(Vec3.ZERO);
        headerData = headerData(ctx);
        performers = ctx.performers();
        String topic = params.topic("topic", declaring.topic("performer_detector/status"));
        publisher = ctx.topics().advertise(topic, PoseProtos.Pose.class, ctx.qualifiedName());
        ctx.logger().info("PerformerDetector publishing messages on [{}]", topic);
        if (performers.isEmpty()) {
            ctx.logger()
                    .warn(
                            "PerformerDetector of model '{}': the world declares no <performer> (in <plugin"
                                    + " name=\"gz::sim\">), so it detects nothing",
                            declaring.scopedName());
        }
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused()) {
            return;
        }
        Optional<ModelState> own = world.model(declaring.model());
        Optional<Pose> detectorPose = own.flatMap(declaring::pose);
        if (detectorPose.isEmpty()) {
            return;
        }
        Pose modelPose = detectorPose.get();
        Vec3 centre = modelPose.position().plus(modelPose.rotation().rotate(offset));
        for (PerformerSpec performer : performers) {
            Optional<ModelState> followed = world.model(performer.ref());
            if (followed.isEmpty()) {
                continue;
            }
            Pose pose = followed.get().pose();
            boolean inside = intersects(
                    centre, halfSize, pose.position(), performer.size().times(0.5));
            boolean was = detected.contains(performer.name());
            if (inside && !was) {
                detected.add(performer.name());
                publish(performer, true, modelPose.inverse().compose(pose), info.simTimeNanos());
            } else if (!inside && was) {
                detected.remove(performer.name());
                publish(performer, false, modelPose.inverse().compose(pose), info.simTimeNanos());
            }
        }
    }

    /** Two world-aligned boxes overlap or touch (gz-math's test: apart only along an axis where one ends first). */
    static boolean intersects(Vec3 a, Vec3 aHalf, Vec3 b, Vec3 bHalf) {
        return Math.abs(a.x() - b.x()) <= aHalf.x() + bHalf.x()
                && Math.abs(a.y() - b.y()) <= aHalf.y() + bHalf.y()
                && Math.abs(a.z() - b.z()) <= aHalf.z() + bHalf.z();
    }

    private void publish(PerformerSpec performer, boolean state, Pose relative, long simNanos) {
        Header.Builder header = Messages.header(simNanos).toBuilder();
        header.addDataBuilder().setKey("frame_id").addValue(declaring.name());
        header.addDataBuilder().setKey("state").addValue(state ? "1" : "0");
        header.addDataBuilder().setKey("count").addValue(Integer.toString(detected.size()));
        headerData.forEach((k, v) -> header.addDataBuilder().setKey(k).addValue(v));
        publisher.publish(Messages.pose(header.build(), performer.ref(), relative));
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        detected.clear();
    }

    private static Vec3 sizeOf(SdfElement size, GazeboParameters params) {
        double[] v = numbers(size.text(), 3, "size", params);
        if (!(v[0] > 0 && v[1] > 0 && v[2] > 0)) {
            throw params.bad("geometry/box/size", "three positive lengths (m)", "'" + size.text() + "'");
        }
        return new Vec3(v[0], v[1], v[2]);
    }

    /** The position of {@code <pose>} (six numbers: x y z roll pitch yaw); gz-sim uses only its position. */
    private static Vec3 poseOffset(String text, GazeboParameters params) {
        double[] v = numbers(text, 6, "pose", params);
        return new Vec3(v[0], v[1], v[2]);
    }

    private static double[] numbers(String text, int count, String element, GazeboParameters params) {
        String[] parts = text.strip().split("\\s+");
        if (parts.length != count) {
            throw params.bad(element, count + " numbers", "'" + text.strip() + "'");
        }
        double[] v = new double[count];
        for (int i = 0; i < count; i++) {
            try {
                v[i] = Double.parseDouble(parts[i]);
            } catch (NumberFormatException e) {
                throw params.bad(element, count + " numbers", "'" + text.strip() + "'");
            }
            if (!Double.isFinite(v[i])) {
                throw params.bad(element, count + " finite numbers", "'" + text.strip() + "'");
            }
        }
        return v;
    }

    /** The {@code <header_data>} pairs by key, as Gazebo keeps them (a map: sorted, the last duplicate kept). */
    private Map<String, String> headerData(PluginContext ctx) {
        Map<String, String> data = new TreeMap<>();
        for (SdfElement h : ctx.spec().parameters()) {
            if (!h.name().equals("header_data")) {
                continue;
            }
            String key = h.child("key").map(SdfElement::text).orElse("").strip();
            String value = h.child("value").map(SdfElement::text).orElse("").strip();
            if (!key.isEmpty() && !value.isEmpty()) {
                data.put(key, value);
            } else {
                ctx.logger()
                        .warn(
                                "PerformerDetector of model '{}': a <header_data> without {} is left out, as Gazebo"
                                        + " does",
                                declaring.scopedName(),
                                key.isEmpty() && value.isEmpty()
                                        ? "a key and a value"
                                        : key.isEmpty() ? "a key" : "a value");
            }
        }
        return data;
    }
}
