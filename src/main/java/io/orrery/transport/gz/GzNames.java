package io.orrery.transport.gz;

import java.util.Optional;

/**
 * gz-transport's fully qualified names, {@code @/<partition>@/<topic>}: every topic and service on the wire is
 * named so, and a node only sees the names of its own partition.
 */
final class GzNames {

    /** The longest name gz-transport accepts. */
    static final int MAX_NAME_LENGTH = 65535;

    private final String prefix;

    GzNames(String partition) {
        String p = partition;
        if (!p.isEmpty() && p.charAt(0) != '/') {
            p = "/" + p;
        }
        if (!p.isEmpty() && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        this.prefix = "@" + p + "@";
    }

    /** {@code /clock} in this partition: {@code @/host:user@/clock}. */
    String qualify(String topic) {
        return prefix + topic;
    }

    /** The topic of a fully qualified name in this partition; empty for another partition or a malformed name. */
    Optional<String> topicOf(String qualified) {
        if (qualified == null || !qualified.startsWith(prefix) || qualified.length() == prefix.length()) {
            return Optional.empty();
        }
        String topic = qualified.substring(prefix.length());
        return topicProblem(topic) == null && topic.charAt(0) == '/' ? Optional.of(topic) : Optional.empty();
    }

    /** What is wrong with a partition, as gz-transport judges it; null when it is valid. */
    static String partitionProblem(String partition) {
        return partition.isEmpty() ? null : nameProblem(partition);
    }

    /** What is wrong with a topic name, as gz-transport judges it; null when it is valid. */
    static String topicProblem(String topic) {
        return topic.isEmpty() ? "it is empty" : nameProblem(topic);
    }

    private static String nameProblem(String name) {
        if (name.length() > MAX_NAME_LENGTH) {
            return "longer than " + MAX_NAME_LENGTH + " characters";
        }
        if (name.equals("/")) {
            return "'/' alone is not a name";
        }
        if (name.contains("~")
                || name.contains(" ")
                || name.contains("@")
                || name.contains(":=")
                || name.contains("//")) {
            return "it must not hold '~', ' ', '@', ':=' or '//'";
        }
        return null;
    }
}
