package io.orrery.runner.session;

import io.orrery.plugin.WorldSnapshot;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The world as readers off the runner thread see it: one atomic reference to a snapshot and the epoch it was
 * taken at. The runner thread moves the epoch on after every change it finishes (a step, an edit, a reset, a
 * load), so a published snapshot is current exactly when its epoch is the epoch now: no key can collide, and a
 * reader never takes a snapshot of the world before a change that has already been answered.
 */
public final class SnapshotPublisher {

    private record Published(long epoch, WorldSnapshot snapshot) {}

    private final AtomicReference<Published> published = new AtomicReference<>(new Published(-1, null));
    private volatile long epoch;

    /** Runner thread: the world has changed; snapshots taken before are stale from now on. */
    public void changed() {
        epoch++;
    }

    /** Any thread: the snapshot of the world as it is now, when one has been taken since the last change. */
    public Optional<WorldSnapshot> current() {
        long now = epoch;
        Published p = published.get();
        return p.epoch == now ? Optional.of(p.snapshot) : Optional.empty();
    }

    /** Any thread: the last snapshot published, whatever its epoch; empty before the first. */
    public Optional<WorldSnapshot> last() {
        return Optional.ofNullable(published.get().snapshot);
    }

    /**
     * Runner thread, or a PostUpdate pool thread while the runner thread waits for its round (several may ask at
     * once, hence the lock): the snapshot of the world now, taken with {@code capture} unless it already was.
     */
    public synchronized WorldSnapshot take(Supplier<WorldSnapshot> capture) {
        long now = epoch;
        Published p = published.get();
        if (p.epoch == now) {
            return p.snapshot;
        }
        WorldSnapshot taken = capture.get();
        published.set(new Published(now, taken));
        return taken;
    }
}
