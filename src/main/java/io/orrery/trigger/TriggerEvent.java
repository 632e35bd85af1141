package io.orrery.trigger;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What makes a trigger fire, parsed from Cloe's event strings: {@code time=<seconds>}, {@code start},
 * {@code stop}, {@code pause}, {@code resume}, {@code reset}, {@code next} and {@code loop}.
 */
public sealed interface TriggerEvent {

    /** The accepted forms, for messages. */
    String FORMS = "time=<seconds>, start, stop, pause, resume, reset, next, loop";

    /** The canonical string, which {@link #parse(String)} reads back to an equal event. */
    String form();

    /**
     * Fires at the first step whose sim time is at or after {@code simTimeNanos}; at most once per run
     * (see {@link TriggerRegistry} for what a reset does).
     */
    record Time(long simTimeNanos) implements TriggerEvent {

        public Time {
            if (simTimeNanos < 0) {
                throw new IllegalArgumentException("trigger time must be >= 0 ns, got " + simTimeNanos);
            }
        }

        @Override
        public String form() {
            return "time="
                    + BigDecimal.valueOf(simTimeNanos, 9).stripTrailingZeros().toPlainString();
        }
    }

    /** Fires when the runner reports that lifecycle change. */
    record OnLifecycle(LifecycleEventKind kind) implements TriggerEvent {

        public OnLifecycle {
            Objects.requireNonNull(kind, "kind");
        }

        @Override
        public String form() {
            return kind.eventName();
        }
    }

    /** Fires at the next step after the trigger was added. */
    record Next() implements TriggerEvent {

        @Override
        public String form() {
            return "next";
        }
    }

    /** Fires at every step; a loop trigger is always sticky. */
    record Loop() implements TriggerEvent {

        @Override
        public String form() {
            return "loop";
        }
    }

    /** Parses an event string; throws {@link IllegalArgumentException} naming the string and the allowed forms. */
    static TriggerEvent parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("trigger event is missing; expected one of: " + FORMS);
        }
        String s = text.strip();
        int eq = s.indexOf('=');
        if (eq >= 0 && s.substring(0, eq).strip().equals("time")) {
            return new Time(parseSeconds(text, s.substring(eq + 1).strip()));
        }
        switch (s) {
            case "next":
                return new Next();
            case "loop":
                return new Loop();
            default:
                for (LifecycleEventKind kind : LifecycleEventKind.values()) {
                    if (kind.eventName().equals(s)) {
                        return new OnLifecycle(kind);
                    }
                }
                throw new IllegalArgumentException("unknown trigger event '" + text + "'; expected one of: " + FORMS);
        }
    }

    private static long parseSeconds(String text, String seconds) {
        String expected = "; expected time=<seconds> with seconds >= 0, e.g. time=10.5";
        BigDecimal value;
        try {
            value = new BigDecimal(seconds);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "bad trigger event '" + text + "': '" + seconds + "' is not a number of seconds" + expected);
        }
        if (value.signum() < 0) {
            throw new IllegalArgumentException("bad trigger event '" + text + "': the time is negative" + expected);
        }
        BigDecimal nanos;
        try {
            nanos = value.movePointRight(9);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(
                    "bad trigger event '" + text + "': '" + seconds + "' is out of range" + expected);
        }
        // Rounding to whole nanoseconds would change the user's time silently.
        if (nanos.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException(
                    "bad trigger event '" + text + "': '" + seconds + "' is finer than a nanosecond" + expected);
        }
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("bad trigger event '" + text + "': '" + seconds
                    + "' is too large (at most " + Long.MAX_VALUE / 1_000_000_000L + " s)" + expected);
        }
        return nanos.longValueExact();
    }
}
