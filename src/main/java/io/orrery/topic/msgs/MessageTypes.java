package io.orrery.topic.msgs;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The gz.msgs names of the message records, both ways; another class is named by its Java name. */
public final class MessageTypes {

    private static final Map<String, Class<?>> BY_NAME = new LinkedHashMap<>();
    private static final Map<Class<?>, String> BY_CLASS = new LinkedHashMap<>();

    static {
        for (Class<?> c : new Class<?>[] {Altimeter.class, Boolean.class, Clock.class, Contacts.class, Double.class,
                Header.class, IMU.class, LaserScan.class, Magnetometer.class, Model.class, Odometry.class, Pose.class,
                Pose_V.class, Quaternion.class, Time.class, Twist.class, Vector3d.class, WorldStatistics.class,
                Wrench.class}) {
            String name = "gz.msgs." + c.getSimpleName();
            BY_NAME.put(name, c);
            BY_CLASS.put(c, name);
        }
    }

    private MessageTypes() {
    }

    /** The type's name: {@code gz.msgs.Twist} for {@link Twist}, the class name for other classes. */
    public static String nameOf(Class<?> type) {
        String name = BY_CLASS.get(type);
        return name != null ? name : type.getName();
    }

    /** The record of a gz.msgs name, such as {@code gz.msgs.IMU}. */
    public static Optional<Class<?>> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** Every gz.msgs name Orrery has a record for. */
    public static Set<String> names() {
        return BY_NAME.keySet();
    }
}
