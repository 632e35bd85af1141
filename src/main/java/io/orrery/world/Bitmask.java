package io.orrery.world;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * SDF's 32-bit masks ({@code <visibility_flags>}, {@code <visibility_mask>}): written in decimal or, as gz-sim's own
 * example worlds write them, in hexadecimal with {@code 0x}, which sdformat reads for unsigned numbers too.
 */
public final class Bitmask {

    /** Every bit of a 32-bit mask set. */
    public static final long ALL = 0xFFFF_FFFFL;

    private Bitmask() {}

    /** The mask {@code text} writes, or empty when it is not a whole number from 0 to {@link #ALL}. */
    public static OptionalLong parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        boolean hex = t.startsWith("0x");
        String digits = hex ? t.substring(2) : t;
        if (digits.isEmpty()
                || digits.length() > 10
                || !digits.chars().allMatch(c -> hex ? Character.digit(c, 16) >= 0 : Character.isDigit(c))) {
            return OptionalLong.empty();
        }
        long value = Long.parseLong(digits, hex ? 16 : 10);
        return value <= ALL ? OptionalLong.of(value) : OptionalLong.empty();
    }
}
