package io.orrery.system.comms;

import com.gz.msgs.DataframeProtos.Dataframe;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * One message on its way: the {@code gz.msgs.Dataframe} as the broker stamped it, and what a delivery model
 * remembers of it between steps (where its source was when it set off). Runner thread only.
 */
public final class Frame {

    private final Dataframe message;
    private final long stampNanos;
    private Vec3 sourceAt;

    Frame(Dataframe message, long stampNanos) {
        this.message = message;
        this.stampNanos = stampNanos;
    }

    /** The message, its header stamped with the sim time the broker received it. */
    public Dataframe message() {
        return message;
    }

    /** The sim time the broker received it (ns). */
    public long stampNanos() {
        return stampNanos;
    }

    /** The payload's size in bytes, which radio and acoustic models charge for. */
    public int bytes() {
        return message.getData().size();
    }

    /** Where its source was when a model first routed it, if a model recorded that. */
    public Optional<Vec3> sourceAt() {
        return Optional.ofNullable(sourceAt);
    }

    /** Records where its source was when it set off. */
    public void sourceAt(Vec3 position) {
        sourceAt = position;
    }
}
