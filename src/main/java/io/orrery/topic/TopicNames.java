package io.orrery.topic;

/** Gazebo's topic names: absolute, slash-separated, no whitespace; a relative name gets its leading slash. */
public final class TopicNames {

    private TopicNames() {
    }

    /**
     * The name in its absolute form: {@code imu} and {@code /imu} are the same topic.
     *
     * @throws IllegalArgumentException naming what is wrong with it
     */
    public static String normalize(String name) {
        if (name == null || name.isBlank() || name.equals("/")) {
            throw new IllegalArgumentException("a topic name must not be empty");
        }
        if (name.chars().anyMatch(Character::isWhitespace) || name.contains("//") || name.endsWith("/")) {
            throw new IllegalArgumentException("topic name '" + name
                    + "' is not valid: no whitespace, no empty segments, no trailing '/'");
        }
        return name.startsWith("/") ? name : "/" + name;
    }
}
