package io.orrery.system.kineticenergymonitor;

import com.gz.msgs.DoubleProtos;
import io.orrery.physics.LinkState;
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
import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * Gazebo's KineticEnergyMonitor system ({@code gz-sim-kinetic-energy-monitor-system}), a model plugin: after every
 * step that is not paused it takes the world kinetic energy of the link {@code <link_name>} (translation of its
 * centre of mass and rotation about it) and, when it fell by more than {@code <kinetic_energy_threshold>} (7 J)
 * since the step before, publishes the drop as a {@code gz.msgs.Double} on {@code <topic>}
 * ({@code /model/<model>/kinetic_energy}): a crash detector. A reset forgets the last energy. Threads: the runner's.
 */
public final class KineticEnergyMonitor implements Plugin, PostUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-kinetic-energy-monitor-system}. */
    public static final String SHORT_NAME = "kinetic-energy-monitor";
    /** Gazebo's class name: {@code gz::sim::systems::KineticEnergyMonitor}. */
    public static final String CLASS_NAME = "KineticEnergyMonitor";

    private String model;
    private String link;
    private InertialSpec inertial;
    private double threshold;
    private Publisher<DoubleProtos.Double> publisher;
    private double previous;

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        DeclaringModel declaring = DeclaringModel.of(ctx, params);
        model = declaring.model();
        String name = params.text("link_name")
                .filter(l -> !l.isBlank())
                .orElseThrow(() -> params.bad("needs a non-empty <link_name>, the link whose energy it watches"));
        // Gazebo's Model::LinkByName on the declaring model: a link of its own, not of a model nested in it
        LinkSpec spec = declaring
                .spec()
                .flatMap(m ->
                        m.links().stream().filter(l -> l.name().equals(name)).findFirst())
                .orElseThrow(() ->
                        params.bad("link '" + name + "' is not a link of model '" + declaring.scopedName() + "'"));
        link = declaring.scoped(name);
        inertial = spec.inertial().orElse(new InertialSpec(1.0, Pose.IDENTITY, Optional.empty()));
        threshold = params.number("kinetic_energy_threshold", 7.0);
        String topic = params.topic("topic", declaring.topic("kinetic_energy"));
        publisher = ctx.topics().advertise(topic, DoubleProtos.Double.class, ctx.qualifiedName());
        ctx.logger().info("KineticEnergyMonitor publishing messages on [{}]", topic);
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
        Optional<LinkState> state = world.model(model).flatMap(m -> m.link(link));
        if (state.isEmpty()) {
            return;
        }
        double energy = kineticEnergy(state.get(), inertial);
        double drop = previous - energy;
        previous = energy;
        if (drop > threshold) {
            publisher.publish(DoubleProtos.Double.newBuilder().setData(drop).build());
        }
    }

    /**
     * gz-sim's {@code Link::WorldKineticEnergy}: half the mass times the centre of mass's speed squared plus half
     * ωᵀ I ω with the inertia turned into the world frame. The link's velocity is its origin's.
     */
    static double kineticEnergy(LinkState state, InertialSpec inertial) {
        Quat linkRotation = state.pose().rotation();
        Vec3 comOffset = linkRotation.rotate(inertial.pose().position());
        Vec3 w = state.velocity().angular();
        Vec3 v = state.velocity().linear().plus(w.cross(comOffset));
        double translation = 0.5 * inertial.mass() * v.dot(v);
        if (inertial.inertia().isEmpty()) {
            return translation;
        }
        InertialSpec.Inertia i = inertial.inertia().get();
        // ω in the inertia's own frame, where the tensor is as the file gives it
        Quat inertiaRotation = linkRotation.times(inertial.pose().rotation());
        Vec3 b = inertiaRotation.conjugate().rotate(w);
        Vec3 iw = new Vec3(
                i.ixx() * b.x() + i.ixy() * b.y() + i.ixz() * b.z(),
                i.ixy() * b.x() + i.iyy() * b.y() + i.iyz() * b.z(),
                i.ixz() * b.x() + i.iyz() * b.y() + i.izz() * b.z());
        return translation + 0.5 * b.dot(iw);
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        previous = 0.0;
    }
}
