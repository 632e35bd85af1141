package io.orrery.device;

import io.orrery.world.JointSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;

/**
 * Where a device sits: its world, top-level model, link and sensor element, and for a sensor on a joint (a
 * {@code force_torque} sensor) the joint, whose child link is {@code link}.
 *
 * @param world the world's name
 * @param model the top-level model
 * @param link the link, scoped within the model ({@code link} or {@code nested::link}), as the physics names it
 * @param sensor the sensor element
 * @param joint the joint the sensor is on, or null for a sensor on a link
 */
public record Mount(String world, String model, String link, SensorSpec sensor, OnJoint joint) {

    /** A sensor on a link. */
    public Mount(String world, String model, String link, SensorSpec sensor) {
        this(world, model, link, sensor, null);
    }

    /**
     * The joint a sensor is on.
     *
     * @param name the joint, scoped within the top-level model ({@code joint} or {@code nested::joint})
     * @param parent its parent link scoped the same way, or {@code world}
     * @param spec the joint as read (its pose is in the child link's frame)
     * @param top the top-level model as loaded or spawned, for what the joint's sensor reads of its links
     */
    public record OnJoint(String name, String parent, JointSpec spec, ModelSpec top) {}

    /** Gazebo's scoped name of the sensor: {@code model::link::sensor}, or {@code model::joint::sensor} on a joint. */
    public String scopedName() {
        return model + "::" + (joint == null ? link : joint.name()) + "::" + sensor.name();
    }

    /**
     * The sensor's {@code <topic>}, else Gazebo's default:
     * {@code /world/<world>/model/<model>/link/<link>/sensor/<sensor>/<suffix>} (nested models as further
     * {@code model/<name>} segments).
     */
    public String topic(String suffix) {
        return sensor.topic().orElseGet(() -> defaultTopic(suffix));
    }

    /**
     * The sensor's {@code <topic>}, else Gazebo's default with no suffix,
     * {@code /world/<world>/model/<model>/link/<link>/sensor/<sensor>}: the base an RGB-D camera's topics hang from.
     */
    public String topicBase() {
        return sensor.topic().orElseGet(() -> {
            String t = defaultTopic("x");
            return t.substring(0, t.length() - 2);
        });
    }

    String defaultTopic(String suffix) {
        StringBuilder b =
                new StringBuilder("/world/").append(world).append("/model/").append(model);
        String[] parts = (joint == null ? link : joint.name()).split("::");
        for (int i = 0; i < parts.length - 1; i++) {
            b.append("/model/").append(parts[i]);
        }
        return b.append(joint == null ? "/link/" : "/joint/")
                .append(parts[parts.length - 1])
                .append("/sensor/")
                .append(sensor.name())
                .append('/')
                .append(suffix)
                .toString();
    }

    /** The sensor's pose in the world, given its link's (on a joint: the child link's). */
    public Pose worldPose(Pose linkPose) {
        return joint == null
                ? linkPose.compose(sensor.pose())
                : linkPose.compose(joint.spec().pose()).compose(sensor.pose());
    }
}
