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
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.SimTimeThrottle;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.JointSpec.JointType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

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
 * <p>Nested models are Gazebo's: with {@code <publish_nested_model_pose>} each model nested in the declaring one is
 * published in its parent's frame ({@code outer::inner}), and its links in its own frame. A nested model's plugin is
 * bound to that model: it publishes on {@code /model/<outer>/model/<inner>/pose} (Gazebo's scoped topic, or
 * {@code <topic>}) what lies within it, its own pose ({@code <publish_nested_model_pose>}) in its parent's frame.
 *
 * <p>What Orrery does not know it does not publish, and says so once: visual, collision and sensor poses. A link
 * counts as moving (not static) when it is one of the declaring model's own links but not its canonical link and
 * the model has a joint that is not fixed. A reset restarts the
 * throttle, so the first step of an episode publishes.
 */
public final class PosePublisher implements Plugin, PostUpdate, Reset {

    public static final String SHORT_NAME = "pose-publisher";
    public static final String CLASS_NAME = "PosePublisher";

    /**
     * One pose to publish: parent frame, child frame, the link (scoped in the top-level model) or model path
     * ({@code a::b::}) it is the pose of, its parent model's path, and whether it can change.
     */
    private record Entry(String frame, String child, String link, String path, String parent, boolean dynamic) {}

    private PluginContext context;
    private String model;
    private DeclaringModel declaring;
    private boolean nestedModelPoses;
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
        declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        linkPoses = params.bool("publish_link_pose", true);
        nestedModelPoses = params.bool("publish_nested_model_pose", false);
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
        if (!unknown.isEmpty()) {
            ctx.logger()
                    .warn(
                            "PosePublisher of model '{}': Orrery does not know {} poses; they are not published",
                            declaring.scopedName(),
                            String.join(", ", unknown));
        }
        double frequency = params.number("update_frequency", -1);
        throttle = SimTimeThrottle.hertz(frequency);
        staticPublisher = params.bool("static_publisher", false);
        double staticFrequency = params.number("static_update_frequency", frequency);
        staticThrottle = SimTimeThrottle.hertz(staticFrequency);
        poseVector = params.bool("use_pose_vector_msg", false);

        Class type = poseVector ? Pose_V.class : Pose.class;
        // Gazebo's topicFromScopedName: /model/outer/model/inner/pose for a nested model's
        String topic = params.topic("topic", declaring.scopedTopic() + "/pose");
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

    /**
     * Gazebo's walk from the declaring model down: the model itself ({@code <publish_model_pose>}, or
     * {@code <publish_nested_model_pose>} for a nested one), its links and those of the models nested in it, and
     * those nested models. Each is named by its scoped name and framed by its parent's.
     */
    private List<Entry> entries(ModelState state, String worldName) {
        boolean articulated = state.joints().stream().map(JointState::type).anyMatch(t -> t != JointType.FIXED);
        String scope = declaring.scope();
        List<Entry> list = new ArrayList<>();
        if (declaring.nested() ? nestedModelPoses : modelPose) {
            String parent = parentPath(scope);
            String frame = declaring.nested() ? scopedName(parent) : worldName;
            list.add(new Entry(frame, declaring.scopedName(), null, scope, parent, false));
        }
        Set<String> nested = new LinkedHashSet<>();
        List<String> own = declaring.links(state).stream().map(LinkState::name).toList();
        for (LinkState link : state.links()) {
            String name = link.name();
            if (!name.startsWith(scope)) {
                continue;
            }
            int cut = name.lastIndexOf("::");
            String path = cut < 0 ? "" : name.substring(0, cut + 2);
            for (String p = path; p.length() > scope.length(); p = parentPath(p)) {
                nested.add(p);
            }
            if (linkPoses) {
                boolean dynamic =
                        articulated && own.contains(name) && !own.get(0).equals(name);
                list.add(new Entry(scopedName(path), model + "::" + name, name, path, path, dynamic));
            }
        }
        if (nestedModelPoses) {
            nested.stream()
                    .sorted()
                    .forEach(p -> list.add(
                            new Entry(scopedName(parentPath(p)), scopedName(p), null, p, parentPath(p), false)));
        }
        return List.copyOf(list);
    }

    /** The path of the model containing the one at {@code path} ({@code a::b::} gives {@code a::}). */
    private static String parentPath(String path) {
        if (path.isEmpty()) {
            return "";
        }
        String inner = path.substring(0, path.length() - 2);
        int cut = inner.lastIndexOf("::");
        return cut < 0 ? "" : inner.substring(0, cut + 2);
    }

    /** The full name of the model at {@code path}: {@code model::a::b}. */
    private String scopedName(String path) {
        return path.isEmpty() ? model : model + "::" + path.substring(0, path.length() - 2);
    }

    /** Publishes the entries that are {@code dynamic} (all when null). */
    private void publish(Publisher<Message> publisher, ModelState state, long now, Boolean dynamic) {
        Map<String, Optional<io.orrery.world.Pose>> models = new HashMap<>();
        List<Pose> poses = new ArrayList<>();
        for (Entry e : entries) {
            if (dynamic != null && e.dynamic() != dynamic) {
                continue;
            }
            Optional<io.orrery.world.Pose> self = e.link() == null
                    ? models.computeIfAbsent(e.path(), p -> declaring.pose(p, state))
                    : state.link(e.link()).map(LinkState::pose);
            // a top-level model's pose is in the world; anything else's in its parent model's frame
            Optional<io.orrery.world.Pose> parent = e.link() == null && e.path().isEmpty()
                    ? Optional.of(io.orrery.world.Pose.IDENTITY)
                    : models.computeIfAbsent(e.parent(), p -> declaring.pose(p, state));
            if (self.isEmpty() || parent.isEmpty()) {
                continue;
            }
            io.orrery.world.Pose pose = parent.get().inverse().compose(self.get());
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
