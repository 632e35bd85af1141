package io.orrery.world;

import java.util.Objects;
import java.util.Optional;

/**
 * A {@code <sensor>} on a link, as SDF describes it; the type's own settings (its {@code <imu>}, {@code <lidar>},
 * {@code <contact>} ... element with any {@code <noise>}) are kept whole as an element tree for the device to read.
 *
 * @param name the sensor name, unique in its link
 * @param type the {@code type} attribute, such as {@code imu}, {@code gpu_lidar} or {@code contact}
 * @param pose pose in the link frame
 * @param updateRate {@code <update_rate>} in Hz of sim time; 0 (the default) means every step
 * @param alwaysOn {@code <always_on>} (default false)
 * @param topic {@code <topic>}, when given
 * @param visualize {@code <visualize>} (default false)
 * @param element the whole {@code <sensor>} element
 * @param line the line of the element in its source, for messages
 */
public record SensorSpec(
        String name,
        String type,
        Pose pose,
        double updateRate,
        boolean alwaysOn,
        Optional<String> topic,
        boolean visualize,
        SdfElement element,
        int line) {

    public SensorSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(pose, "pose");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(element, "element");
    }

    /** The type's own element ({@code <imu>}, {@code <contact>} ...) or another child of the sensor, if present. */
    public Optional<SdfElement> child(String childName) {
        return element.child(childName);
    }
}
