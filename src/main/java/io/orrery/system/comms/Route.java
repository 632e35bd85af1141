package io.orrery.system.comms;

import com.gz.msgs.DataframeProtos.Dataframe;
import java.util.Objects;

/** What a delivery model makes of one message in one step: deliver it (as given), hold it in transit, or drop it. */
public final class Route {

    /** Still on its way: it stays in its source's outbound queue for the next step. */
    public static final Route HOLD = new Route(null, true);

    /** Lost: out of range, collided, too weak, over capacity. */
    public static final Route DROP = new Route(null, false);

    private final Dataframe delivered;
    private final boolean held;

    private Route(Dataframe delivered, boolean held) {
        this.delivered = delivered;
        this.held = held;
    }

    /** Arrives this step as {@code message} (the original, or a copy with what the model adds, like an RSSI). */
    public static Route deliver(Dataframe message) {
        return new Route(Objects.requireNonNull(message, "message"), false);
    }

    /** The message to deliver, or null when held or dropped. */
    Dataframe delivered() {
        return delivered;
    }

    /** True when still in transit. */
    boolean held() {
        return held;
    }
}
