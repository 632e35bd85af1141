package io.orrery.web;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.web.PoseStream.Frame;
import io.orrery.world.Pose;
import java.util.Arrays;
import java.util.List;

/**
 * Makes the pose stream's frames from snapshots. A live world hands back the same {@link ModelState} for a model that
 * did not change since it was last read, so a frame after the first re-quantizes only the models whose state is a new
 * one and lists the links whose values changed; the rest is the last frame's values, copied. A new scene (a model
 * added, removed or renamed, a model made static or dynamic) makes a full frame. Ticker thread only.
 */
final class PoseFrames {

    private WorldSnapshot last;
    private Frame frame;
    private long sequence;

    /** The frame of {@code snapshot}; the same frame again for the same snapshot. */
    Frame next(WorldSnapshot snapshot) {
        if (snapshot == last && frame != null) {
            return frame;
        }
        Frame next = frame == null ? null : changes(snapshot);
        if (next == null) {
            next = full(snapshot);
        }
        last = snapshot;
        frame = next;
        return next;
    }

    /** Forgets the last frame: the next is made whole. */
    void clear() {
        last = null;
        frame = null;
    }

    private Frame full(WorldSnapshot s) {
        int links = 0;
        for (ModelState m : s.models()) {
            links += m.links().size();
        }
        int[] v = new int[links * PoseStream.STRIDE];
        int i = 0;
        for (ModelState m : s.models()) {
            for (LinkState l : m.links()) {
                quantize(l.pose(), v, i);
                i += PoseStream.STRIDE;
            }
        }
        return new Frame(Scene.keyOf(s), s.simTimeSeconds(), v, ++sequence, null);
    }

    /** The last frame with the changed models' links updated, or null when the scene is not the same. */
    private Frame changes(WorldSnapshot s) {
        List<ModelState> now = s.models();
        List<ModelState> before = last.models();
        if (now.size() != before.size() || !s.world().equals(last.world())) {
            return null;
        }
        int[] v = frame.values().clone();
        int[] changed = new int[16];
        int count = 0;
        int link = 0;
        for (int i = 0; i < now.size(); i++) {
            ModelState m = now.get(i);
            ModelState was = before.get(i);
            if (m != was) {
                if (!sameScene(m, was)) {
                    return null;
                }
                for (LinkState l : m.links()) {
                    if (quantize(l.pose(), v, link * PoseStream.STRIDE)) {
                        if (count == changed.length) {
                            changed = Arrays.copyOf(changed, count * 2);
                        }
                        changed[count++] = link;
                    }
                    link++;
                }
            } else {
                link += m.links().size();
            }
        }
        return new Frame(frame.key(), s.simTimeSeconds(), v, ++sequence, Arrays.copyOf(changed, count));
    }

    /** True when the two states draw the same: what {@link Scene#keyOf} hashes is equal. */
    private static boolean sameScene(ModelState a, ModelState b) {
        if (!a.name().equals(b.name())
                || a.isStatic() != b.isStatic()
                || a.links().size() != b.links().size()) {
            return false;
        }
        for (int i = 0; i < a.links().size(); i++) {
            if (!a.links().get(i).name().equals(b.links().get(i).name())) {
                return false;
            }
        }
        return true;
    }

    /** Writes a link's pose as integers at {@code at}; true when any of them changed. */
    static boolean quantize(Pose p, int[] v, int at) {
        var q = p.rotation();
        double sign = q.w() < 0 ? -1 : 1; // q and -q are one rotation: send one of them
        boolean changed = false;
        changed |= set(v, at, (int) Math.round(p.x() * PoseStream.POSITION_SCALE));
        changed |= set(v, at + 1, (int) Math.round(p.y() * PoseStream.POSITION_SCALE));
        changed |= set(v, at + 2, (int) Math.round(p.z() * PoseStream.POSITION_SCALE));
        changed |= set(v, at + 3, (int) Math.round(sign * q.x() * PoseStream.ROTATION_SCALE));
        changed |= set(v, at + 4, (int) Math.round(sign * q.y() * PoseStream.ROTATION_SCALE));
        changed |= set(v, at + 5, (int) Math.round(sign * q.z() * PoseStream.ROTATION_SCALE));
        changed |= set(v, at + 6, (int) Math.round(sign * q.w() * PoseStream.ROTATION_SCALE));
        return changed;
    }

    private static boolean set(int[] v, int at, int value) {
        boolean changed = v[at] != value;
        v[at] = value;
        return changed;
    }
}
