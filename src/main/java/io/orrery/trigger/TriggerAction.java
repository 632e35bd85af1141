package io.orrery.trigger;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Objects;

/**
 * What a trigger does, parsed from Cloe's action strings: {@code pause}, {@code resume}, {@code stop},
 * {@code succeed}, {@code fail}, {@code reset}, {@code realtime_factor=<x>} and {@code log=<level>: <message>}.
 * The runner carries the actions out; this package only parses them.
 */
public sealed interface TriggerAction {

    /** The accepted forms, for messages. */
    String FORMS = "pause, resume, stop, succeed, fail, reset, realtime_factor=<x >= 0>, "
            + "log=<level>: <message> (level one of trace, debug, info, warn, error)";

    /** The canonical string, which {@link #parse(String)} reads back to an equal action. */
    String form();

    /** The actions that take no argument. */
    enum Kind {
        PAUSE,
        RESUME,
        STOP,
        SUCCEED,
        FAIL,
        RESET;

        /** The name used in trigger strings, e.g. {@code succeed}. */
        public String actionName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The level of a {@link Log} action. */
    enum LogLevel {
        TRACE,
        DEBUG,
        INFO,
        WARN,
        ERROR;

        /** The name used in trigger strings, e.g. {@code warn}. */
        public String levelName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A lifecycle command: pause, resume, stop, succeed, fail or reset. */
    record Command(Kind kind) implements TriggerAction {

        public Command {
            Objects.requireNonNull(kind, "kind");
        }

        @Override
        public String form() {
            return kind.actionName();
        }
    }

    /**
     * The smallest real-time factor above 0 a client may set. The runner serves commands between steps, so at a
     * factor of 1e-300 the next step, and every command behind it, would wait forever (found by fuzzing the API);
     * at 0.001 a 1 ms step is due every second.
     */
    double MIN_POSITIVE_REAL_TIME_FACTOR = 0.001;

    /** Sets the real-time factor; what 0 means is up to the runner's pacer. */
    record RealtimeFactor(double factor) implements TriggerAction {

        public RealtimeFactor {
            if (!Double.isFinite(factor) || factor < 0) {
                throw new IllegalArgumentException("realtime factor must be a finite number >= 0, got " + factor);
            }
            if (factor > 0 && factor < MIN_POSITIVE_REAL_TIME_FACTOR) {
                throw new IllegalArgumentException(
                        "realtime factor must be 0 or at least " + MIN_POSITIVE_REAL_TIME_FACTOR + ", got " + factor);
            }
        }

        @Override
        public String form() {
            return "realtime_factor="
                    + BigDecimal.valueOf(factor).stripTrailingZeros().toPlainString();
        }
    }

    /** Writes a message to the server log. */
    record Log(LogLevel level, String message) implements TriggerAction {

        public Log {
            Objects.requireNonNull(level, "level");
            if (message == null || message.isBlank()) {
                throw new IllegalArgumentException("log message must not be empty");
            }
        }

        @Override
        public String form() {
            return "log=" + level.levelName() + ": " + message;
        }
    }

    /** Parses an action string; throws {@link IllegalArgumentException} naming the string and the allowed forms. */
    static TriggerAction parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("trigger action is missing; expected one of: " + FORMS);
        }
        String s = text.strip();
        int eq = s.indexOf('=');
        String name = (eq < 0 ? s : s.substring(0, eq)).strip();
        String argument = eq < 0 ? null : s.substring(eq + 1).strip();
        if (name.equals("realtime_factor")) {
            return parseRealtimeFactor(text, argument);
        }
        if (name.equals("log")) {
            return parseLog(text, argument);
        }
        if (argument == null) {
            for (Kind kind : Kind.values()) {
                if (kind.actionName().equals(name)) {
                    return new Command(kind);
                }
            }
        }
        throw new IllegalArgumentException("unknown trigger action '" + text + "'; expected one of: " + FORMS);
    }

    private static TriggerAction parseRealtimeFactor(String text, String argument) {
        String expected = "; expected realtime_factor=<x> with x >= 0, e.g. realtime_factor=2";
        if (argument == null || argument.isEmpty()) {
            throw new IllegalArgumentException("bad trigger action '" + text + "': no factor given" + expected);
        }
        BigDecimal factor;
        try {
            factor = new BigDecimal(argument);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "bad trigger action '" + text + "': '" + argument + "' is not a number" + expected);
        }
        if (factor.signum() < 0) {
            throw new IllegalArgumentException("bad trigger action '" + text + "': the factor is negative" + expected);
        }
        double value = factor.doubleValue();
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("bad trigger action '" + text + "': the factor is too large" + expected);
        }
        if (value < MIN_POSITIVE_REAL_TIME_FACTOR && factor.signum() > 0) {
            throw new IllegalArgumentException("bad trigger action '" + text + "': the factor is above 0 but below "
                    + MIN_POSITIVE_REAL_TIME_FACTOR + expected);
        }
        return new RealtimeFactor(value);
    }

    private static TriggerAction parseLog(String text, String argument) {
        String expected = "; expected log=<level>: <message> with level one of trace, debug, info, warn, error";
        int colon = argument == null ? -1 : argument.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("bad trigger action '" + text + "': no '<level>:' given" + expected);
        }
        String level = argument.substring(0, colon).strip();
        String message = argument.substring(colon + 1).strip();
        LogLevel parsed = null;
        for (LogLevel l : LogLevel.values()) {
            if (l.levelName().equals(level)) {
                parsed = l;
            }
        }
        if (parsed == null) {
            throw new IllegalArgumentException(
                    "bad trigger action '" + text + "': unknown log level '" + level + "'" + expected);
        }
        if (message.isEmpty()) {
            throw new IllegalArgumentException("bad trigger action '" + text + "': the message is empty" + expected);
        }
        return new Log(parsed, message);
    }
}
