package io.orrery.world;

import java.util.Map;
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

    /**
     * The kind of sensor, what a device kind is found by: the {@code type}, except for a {@code custom} sensor,
     * which Gazebo tells apart by its {@code gz:type} attribute: {@code custom/} and that attribute up to its first
     * {@code /} ({@code custom/environmental_sensor} for {@code gz:type="environmental_sensor/humidity"}); a
     * {@code custom} sensor without one is just {@code custom}.
     */
    public String kind() {
        if (!type.equals("custom")) {
            return type;
        }
        return customType()
                .map(t -> "custom/" + (t.indexOf('/') < 0 ? t : t.substring(0, t.indexOf('/'))))
                .orElse(type);
    }

    /** A {@code custom} sensor's {@code gz:type} attribute (any namespace prefix), if it has one. */
    public Optional<String> customType() {
        return element.attributes().entrySet().stream()
                .filter(a -> a.getKey().endsWith(":type"))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    /** The type's own element ({@code <imu>}, {@code <contact>} ...) or another child of the sensor, if present. */
    public Optional<SdfElement> child(String childName) {
        return element.child(childName);
    }
}
