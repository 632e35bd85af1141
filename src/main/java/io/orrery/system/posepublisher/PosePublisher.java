package io.orrery.system.posepublisher;

import com.google.protobuf.Message;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.PoseVProtos.Pose_V;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.system.gazebo.SimTimeThrottle;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.JointSpec.JointType;
import java.util.ArrayList;
import java.util.List;

/**
 * Gazebo's PosePublisher system ({@code gz-sim-pose-publisher-system}), with Gazebo's parameters and defaults: on
 * {@code /model/<model>/pose}, every step or at {@code <update_frequency>} Hz of sim time, each link's pose in its
 * model's frame ({@code <publish_link_pose>}, default true) and the model's in the world
 * ({@code <publish_model_pose>}, default {@code <publish_nested_model_pose>}), as one {@code gz.msgs.Pose} each or
 * one {@code Pose_V} ({@code <use_pose_vector_msg>}). Each pose is named by its child frame ({@code model::link}) and
 * its header carries {@code frame_id} (the parent: the model, or the world for the model) and
 * {@code child_frame_id}. With {@code <static_publisher>} the poses that cannot change go to
 * {@code /model/<model>/pose_static} at {@code <static_update_frequency>} Hz instead.
 *
 * <p>What Orrery does not know it does not publish, and says so once: visual, collision and sensor poses, and nested
 * models' frames (a nested model's links are given in the top-level model's frame). A link counts as moving (not
 * static) when it is not the canonical link and the model has a joint that is not fixed. A reset restarts the
 * throttle, so the first step of an episode publishes.
 */
public final class PosePublisher implements Plugin, PostUpdate, Reset {

    public static final String SHORT_NAME = "pose-publisher";
    public static final String CLASS_NAME = "PosePublisher";

    /** One pose to publish: parent frame, child frame, and whether it can change. */
    private record Entry(String frame, String child, String link, boolean dynamic) {}

    private PluginContext context;
    private String model;
    private boolean linkPoses;
    private boolean modelPose;
    private boolean poseVector;
    private boolean staticPublisher;
    private SimTimeThrottle throttle;
    private SimTimeThrottle staticThrottle;
    private Publisher<Message> posePublisher;
    private Publisher<Message> staticPublisherTopic;

    private List<Entry> entries;

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void awake(PluginContext ctx) {
        this.context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        model = params.model(ctx.owner());
        linkPoses = params.bool("publish_link_pose", true);
        boolean nestedModelPoses = params.bool("publish_nested_model_pose", false);
        modelPose = params.bool("publish_model_pose", nestedModelPoses);
        List<String> unknown = new ArrayList<>();
        if (params.bool("publish_visual_pose", false)) {
            unknown.add("visual");
        }
        if (params.bool("publish_collision_pose", false)) {
            unknown.add("collision");
        }
        if (params.bool("publish_sensor_pose", false)) {
            unknown.add("sensor");
        }
        if (nestedModelPoses) {
            unknown.add("nested model");
        }
        if (!unknown.isEmpty()) {
            ctx.logger()
                    .warn(
                            "PosePublisher of model '{}': Orrery does not know {} poses; they are not published",
                            model,
                            String.join(", ", unknown));
        }
        double frequency = params.number("update_frequency", -1);
        throttle = SimTimeThrottle.hertz(frequency);
        staticPublisher = params.bool("static_publisher", false);
        double staticFrequency = params.number("static_update_frequency", frequency);
        staticThrottle = SimTimeThrottle.hertz(staticFrequency);
        poseVector = params.bool("use_pose_vector_msg", false);

        Class type = poseVector ? Pose_V.class : Pose.class;
        String topic = GazeboTopics.ofModel(model, "pose");
        posePublisher = ctx.topics().advertise(topic, type, ctx.qualifiedName());
        if (staticPublisher) {
            staticPublisherTopic = ctx.topics().advertise(topic + "_static", type, ctx.qualifiedName());
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
        long now = info.simTimeNanos();
        boolean publish = throttle.isDue(now);
        boolean publishStatic = staticPublisher && staticThrottle.isDue(now);
        if (!publish && !publishStatic) {
            return;
        }
        ModelState state = world.model(model).orElse(null);
        if (state == null) {
            return;
        }
        if (entries == null) {
            entries = entries(state, context.snapshot().world());
        }
        if (staticPublisher) {
            if (publishStatic) {
                publish(staticPublisherTopic, state, now, false);
                staticThrottle.published(now);
            }
            if (publish) {
                publish(posePublisher, state, now, true);
                throttle.published(now);
            }
        } else if (publish) {
            publish(posePublisher, state, now, null);
            throttle.published(now);
        }
    }

    private List<Entry> entries(ModelState state, String worldName) {
        boolean articulated = state.joints().stream().map(JointState::type).anyMatch(t -> t != JointType.FIXED);
        List<Entry> list = new ArrayList<>();
        if (modelPose) {
            list.add(new Entry(worldName, model, null, false));
        }
        if (linkPoses) {
            for (int i = 0; i < state.links().size(); i++) {
                String link = state.links().get(i).name();
                list.add(new Entry(model, model + "::" + link, link, articulated && i > 0));
            }
        }
        return List.copyOf(list);
    }

    /** Publishes the entries that are {@code dynamic} (all when null). */
    private void publish(Publisher<Message> publisher, ModelState state, long now, Boolean dynamic) {
        io.orrery.world.Pose modelInv = state.pose().inverse();
        List<Pose> poses = new ArrayList<>();
        for (Entry e : entries) {
            if (dynamic != null && e.dynamic() != dynamic) {
                continue;
            }
            io.orrery.world.Pose pose;
            if (e.link() == null) {
                pose = state.pose();
            } else {
                LinkState link = state.link(e.link()).orElse(null);
                if (link == null) {
                    continue;
                }
                pose = modelInv.compose(link.pose());
            }
            Pose msg = Messages.pose(Messages.header(now, e.frame(), e.child()), e.child(), pose);
            if (poseVector) {
                poses.add(msg);
            } else {
                publisher.publish(msg);
            }
        }
        if (poseVector) {
            publisher.publish(Pose_V.newBuilder().addAllPose(poses).build());
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        throttle.reset();
        staticThrottle.reset();
    }
}
