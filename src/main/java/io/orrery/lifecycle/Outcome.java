package io.orrery.lifecycle;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How a simulation ended, with Cloe's process exit codes. */
public enum Outcome {
    SUCCESS(0, "success"),
    NO_START(4, "no-start"),
    STOPPED(8, "stopped"),
    FAILURE(9, "failure"),
    ABORTED(16, "aborted");

    private final int exitCode;
    private final String jsonName;

    Outcome(int exitCode, String jsonName) {
        this.exitCode = exitCode;
        this.jsonName = jsonName;
    }

    /** The process exit code Cloe uses for this outcome. */
    public int exitCode() {
        return exitCode;
    }

    /** The lower-case, hyphenated name used in JSON, e.g. {@code no-start}. */
    public String jsonName() {
        return jsonName;
    }

    /** The outcome with that JSON name; throws naming the allowed names otherwise. */
    public static Outcome fromJsonName(String name) {
        for (Outcome o : values()) {
            if (o.jsonName.equals(name)) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown outcome '" + name + "'; expected one of "
                + Arrays.stream(values()).map(Outcome::jsonName).collect(Collectors.joining(", ")));
    }
}
