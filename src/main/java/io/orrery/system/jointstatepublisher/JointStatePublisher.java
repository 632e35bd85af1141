package io.orrery.system.jointstatepublisher;

import com.gz.msgs.AxisProtos.Axis;
import com.gz.msgs.JointProtos.Joint;
import com.gz.msgs.ModelProtos.Model;
import io.orrery.log.LogSafe;
import io.orrery.physics.JointState;
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
import io.orrery.system.joints.JointSystemSetup;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;

/**
 * Gazebo's JointStatePublisher: after every step, publishes the model's pose and its joints' position, velocity
 * and effort as {@code gz.msgs.Model} on {@code <topic>} (default {@code /world/<world>/model/<model>/joint_state}),
 * stamped with the sim time; a joint with a second axis (universal, revolute2, gearbox) fills {@code axis2} too, as
 * gz-sim does from a joint's second position. The joints are those named by {@code <joint_name>}, else every joint
 * of the model itself (not of its nested models, as in Gazebo). Orrery's {@code <update_rate>} (Hz of sim time)
 * thins the messages out; without it every step publishes, as in Gazebo.
 *
 * <pre>{@code
 * <plugin filename="gz-sim-joint-state-publisher-system" name="gz::sim::systems::JointStatePublisher">
 *   <joint_name>j1</joint_name>
 * </plugin>
 * }</pre>
 */
public final class JointStatePublisher implements Plugin, PostUpdate, Reset {

    static final String SYSTEM = "JointStatePublisher";
    private static final double NANOS_PER_SECOND = 1e9;

    private String model;
    private String scope;
    private String declaring;
    private String topic;
    private List<String> named;
    private long periodNanos;
    private Logger log;
    private Publisher<Model> publisher;
    private final Set<String> warned = new HashSet<>();
    private List<String> published;
    private long nextNanos;

    @Override
    public void awake(PluginContext context) {
        JointSystemSetup setup = JointSystemSetup.read(context, SYSTEM);
        GazeboParameters params = setup.params();
        model = setup.model();
        scope = setup.scope();
        declaring = setup.declaringModel();
        log = setup.log();
        Set<String> unique = new LinkedHashSet<>();
        for (String name : setup.jointNames()) {
            if (!unique.add(name)) {
                log.warn(
                        "{} of model '{}': joint '{}' is named twice; it is published once",
                        SYSTEM,
                        LogSafe.of(model),
                        LogSafe.of(name));
            }
        }
        named = unique.stream().map(setup::scoped).toList();
        double rate = params.nonNegative("update_rate", 0);
        periodNanos = rate == 0 ? 0 : Math.round(NANOS_PER_SECOND / rate);
        try {
            topic = params.text("topic").isPresent()
                    ? GazeboTopics.valid(params.text("topic").get())
                    : GazeboTopics.valid("/world/" + context.snapshot().world() + "/model/" + model
                            + scope.replace("::", "/").replaceAll("([^/]+)/", "/model/$1") + "/joint_state");
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid topic: " + e.getMessage());
        }
    }

    @Override
    public void start(PluginContext context) {
        publisher = context.topics().advertise(topic, Model.class, context.qualifiedName());
        log.info("{} of model '{}' publishes joint states on {}", SYSTEM, LogSafe.of(model), LogSafe.of(topic));
    }

    /** The topic it publishes on. */
    public String topic() {
        return topic;
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (info.paused() || publisher == null || info.simTimeNanos() < nextNanos) {
            return;
        }
        Optional<ModelState> state = world.model(model);
        if (state.isEmpty()) {
            return;
        }
        nextNanos = info.simTimeNanos() + periodNanos;
        if (published == null) {
            published = jointsOf(state.get());
        }
        List<Joint> joints = new ArrayList<>(published.size());
        for (String name : published) {
            state.get().joint(name).ifPresent(j -> joints.add(message(j, scope)));
        }
        publisher.publish(Model.newBuilder()
                .setHeader(Messages.header(info.simTimeNanos()))
                .setName(declaring)
                .addAllJoint(joints)
                .setPose(Messages.pose(state.get().pose()))
                .build());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        nextNanos = 0;
        published = null;
    }

    private List<String> jointsOf(ModelState state) {
        if (named.isEmpty()) {
            // Gazebo publishes the declaring model's own joints, not those of the models nested in it
            return state.joints().stream()
                    .map(JointState::name)
                    .filter(n ->
                            n.startsWith(scope) && !n.substring(scope.length()).contains("::"))
                    .toList();
        }
        List<String> found = new ArrayList<>();
        for (String name : named) {
            if (state.joint(name).isPresent()) {
                found.add(name);
            } else if (warned.add(name)) {
                log.warn(
                        "{}: model '{}' has no joint '{}'; it is not published",
                        SYSTEM,
                        LogSafe.of(model),
                        LogSafe.of(name));
            }
        }
        return List.copyOf(found);
    }

    /** The joint under the name its model gives it, as Gazebo names it. */
    private static Joint message(JointState joint, String scope) {
        Joint.Builder message = Joint.newBuilder()
                .setName(joint.name().substring(scope.length()))
                .setAxis1(Axis.newBuilder()
                        .setPosition(joint.position())
                        .setVelocity(joint.velocity())
                        .setForce(joint.effort()));
        JointState.Axis second = joint.axis2();
        if (second != null) {
            message.setAxis2(Axis.newBuilder()
                    .setPosition(second.position())
                    .setVelocity(second.velocity())
                    .setForce(second.effort()));
        }
        return message.build();
    }
}
