package io.orrery.control;

import java.util.Arrays;
import java.util.Locale;

/** When a world whose episode ended is reset: Gymnasium 1.x's autoreset modes. */
public enum Autoreset {

    /** The next step resets it instead of stepping: its action is ignored, reward 0, both flags false. */
    NEXT_STEP,
    /** The ending step resets it at once; its last observation is kept as the final one. */
    SAME_STEP,
    /** Never by itself: a step is refused until a reset by mask covers it. */
    DISABLED;

    /** The wire name: {@code next-step}, {@code same-step}, {@code disabled}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The mode of that wire name; throws naming the allowed ones. */
    public static Autoreset named(String id) {
        for (Autoreset mode : values()) {
            if (mode.id().equals(id)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("autoreset must be one of "
                + Arrays.stream(values()).map(Autoreset::id).toList() + ", got '" + id + "'");
    }
}
