package io.orrery.device.forcetorque;

import com.gz.msgs.WrenchProtos.Wrench;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.JointSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code force_torque} sensor on a joint, as gz-sim's ForceTorque system with gz-sensors' ForceTorqueSensor:
 * publishes gz.msgs.Wrench on {@code .../forcetorque}. The joint's wrench ({@link SubtreeWrench}) is moved to the
 * sensor's origin and axes as Gazebo moves it, then expressed in {@code <force_torque><frame>} ({@code child}, the
 * default, {@code parent} or {@code sensor}) and signed by {@code <measure_direction>} ({@code child_to_parent}, the
 * default, or {@code parent_to_child}). Noise: {@code <force_torque><force|torque><x|y|z><noise>}.
 */
public final class ForceTorqueDevice extends Device {

    private enum Frame {
        CHILD,
        PARENT,
        SENSOR
    }

    private final Mount.OnJoint joint;
    private final SubtreeWrench wrench;
    private final Frame frame;
    /** +1 for parent_to_child (the force the parent exerts on the child), -1 for child_to_parent. */
    private final double sign;

    private final Noise[] force = new Noise[3];
    private final Noise[] torque = new Noise[3];
    private final Publisher<Wrench> publisher;

    public ForceTorqueDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        if (mount.joint() == null) {
            throw new IllegalArgumentException("a force_torque sensor measures a joint: put it in a <joint>");
        }
        this.joint = mount.joint();
        this.frame = Frame.valueOf(choice("frame", "child", "child", "parent", "sensor"));
        this.sign = choice("measure_direction", "child_to_parent", "child_to_parent", "parent_to_child")
                        .equals("PARENT_TO_CHILD")
                ? 1
                : -1;
        String[] axes = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            force[i] = noise(element("force_torque", "force", axes[i]), "force/" + axes[i]);
            torque[i] = noise(element("force_torque", "torque", axes[i]), "torque/" + axes[i]);
        }
        this.wrench = new SubtreeWrench(
                joint.top(), joint.name(), mount.link(), context.world().gravity());
        this.publisher = advertise(Wrench.class);
    }

    /** The value of {@code <force_torque><name>}, one of {@code allowed}, upper-cased; {@code fallback} when absent. */
    private String choice(String name, String fallback, String... allowed) {
        String value = element("force_torque", name)
                .map(SdfElement::text)
                .map(String::strip)
                .filter(t -> !t.isEmpty())
                .orElse(fallback);
        if (!List.of(allowed).contains(value)) {
            throw new IllegalArgumentException("<force_torque><" + name + "> must be one of "
                    + String.join(", ", allowed) + ", got '" + value + "'");
        }
        return value.toUpperCase(Locale.ROOT);
    }

    @Override
    public String topic() {
        return mount().topic("forcetorque");
    }

    @Override
    protected void observe(UpdateInfo info, WorldView world, LinkState link) {
        Optional<ModelState> model = world.model(mount().model());
        if (model.isEmpty()) {
            return;
        }
        Map<String, List<ContactPoint>> contacts = new HashMap<>();
        for (String name : wrench.links()) {
            contacts.put(name, world.contacts(mount().model(), name));
        }
        Vec3 origin = jointPose(link).position();
        wrench.update(model.get(), contacts, origin, info.dtNanos() / 1e9);
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Pose jointInWorld = jointPose(link);
        Quat toJoint = jointInWorld.rotation().conjugate();
        Pose sensorInJoint = mount().sensor().pose();
        Quat toSensor = sensorInJoint.rotation().conjugate();
        // Gazebo's move from the joint to the sensor: axes turned, torque about the sensor's origin
        Vec3 f = toSensor.rotate(toJoint.rotate(wrench.force()));
        Vec3 t = toSensor.rotate(toJoint.rotate(wrench.torque()))
                .minus(sensorInJoint.position().cross(f));
        Quat sensorToFrame = switch (frame) {
            case SENSOR -> Quat.IDENTITY;
            case CHILD -> joint.spec().pose().compose(sensorInJoint).rotation();
            case PARENT ->
                parentPose(world)
                        .inverse()
                        .compose(jointInWorld.compose(sensorInJoint))
                        .rotation();
        };
        f = sensorToFrame.rotate(f).times(sign);
        t = sensorToFrame.rotate(t).times(sign);
        publisher.publish(Wrench.newBuilder()
                .setHeader(header(info))
                .setForce(Messages.vector(apply(force, f)))
                .setTorque(Messages.vector(apply(torque, t)))
                .build());
    }

    @Override
    protected void restart(WorldView world, Optional<LinkState> link) {
        wrench.restart();
    }

    /** The joint frame in the world, from its child link's pose. */
    private Pose jointPose(LinkState child) {
        return child.pose().compose(joint.spec().pose());
    }

    /** The parent link's pose in the world; the world frame for a joint to the world. */
    private Pose parentPose(WorldView world) {
        if (joint.parent().equals(JointSpec.WORLD)) {
            return Pose.IDENTITY;
        }
        return world.model(mount().model())
                .flatMap(m -> m.link(joint.parent()))
                .map(LinkState::pose)
                .orElse(Pose.IDENTITY);
    }

    private static Vec3 apply(Noise[] noise, Vec3 v) {
        return new Vec3(noise[0].apply(v.x()), noise[1].apply(v.y()), noise[2].apply(v.z()));
    }
}
