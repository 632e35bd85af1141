package io.orrery.device;

import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;

/**
 * Where a device sits: its world, top-level model, link and sensor element.
 *
 * @param world the world's name
 * @param model the top-level model
 * @param link the link, scoped within the model ({@code link} or {@code nested::link}), as the physics names it
 * @param sensor the sensor element
 */
public record Mount(String world, String model, String link, SensorSpec sensor) {

    /** Gazebo's scoped name of the sensor: {@code model::link::sensor}. */
    public String scopedName() {
        return model + "::" + link + "::" + sensor.name();
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
        String[] parts = link.split("::");
        for (int i = 0; i < parts.length - 1; i++) {
            b.append("/model/").append(parts[i]);
        }
        return b.append("/link/")
                .append(parts[parts.length - 1])
                .append("/sensor/")
                .append(sensor.name())
                .append('/')
                .append(suffix)
                .toString();
    }

    /** The sensor's pose in the world, given its link's. */
    public Pose worldPose(Pose linkPose) {
        return linkPose.compose(sensor.pose());
    }
}
