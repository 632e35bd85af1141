package io.orrery.ops;

/** The checks the configuration records make as they are bound; each message names the property and the value. */
final class Checks {

    private Checks() {}

    /** A property without a default that was left out. */
    static void set(String property, Object value) {
        if (value == null) {
            throw new IllegalArgumentException(property + " must be set");
        }
    }

    static void notBlank(String property, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(property + " must not be blank");
        }
    }

    /** {@code value >= min}, else an error naming the property, the bound, what the bound means (note), the value. */
    static void atLeast(String property, long value, long min, String note) {
        if (value < min) {
            throw new IllegalArgumentException(property + " must be at least " + min + note + ", got " + value);
        }
    }

    /** {@code value} finite and above 0, else an error naming the property, the bound, the value (and its unit). */
    static void positiveFinite(String property, double value, String unit) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(property + " must be a finite number above 0" + unit + ", got " + value);
        }
    }
}
