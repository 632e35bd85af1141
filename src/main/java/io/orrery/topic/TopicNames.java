package io.orrery.topic;

/** Gazebo's topic names: absolute, slash-separated, no whitespace; a relative name gets its leading slash. */
public final class TopicNames {

    private TopicNames() {}

    /**
     * The name in its absolute form: {@code imu} and {@code /imu} are the same topic. Called for every name a
     * step publishes on or observes, so it checks in one pass over the characters and allocates nothing for a name
     * that is already absolute.
     *
     * @throws IllegalArgumentException naming what is wrong with it
     */
    public static String normalize(String name) {
        if (name == null || name.isEmpty() || name.equals("/")) {
            throw new IllegalArgumentException("a topic name must not be empty");
        }
        boolean blank = true;
        boolean valid = name.charAt(name.length() - 1) != '/';
        char previous = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isWhitespace(c)) {
                valid = false;
            } else {
                blank = false;
            }
            if (c == '/' && previous == '/') {
                valid = false;
            }
            previous = c;
        }
        if (blank) {
            throw new IllegalArgumentException("a topic name must not be empty");
        }
        if (!valid) {
            throw new IllegalArgumentException(
                    "topic name '" + name + "' is not valid: no whitespace, no empty segments, no trailing '/'");
        }
        return name.charAt(0) == '/' ? name : "/" + name;
    }
}
