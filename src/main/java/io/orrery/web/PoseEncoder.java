package io.orrery.web;

import io.orrery.web.PoseStream.Frame;

/**
 * One client's pose-stream frames, as JSON: {@code {"k": key, "t": simTime, "full": bool, "p": [...]}}.
 *
 * <p>A full frame (the first, and the first after the scene's key changed) holds every link in the scene's order,
 * {@value PoseStream#STRIDE} integers each: {@code x, y, z, qx, qy, qz, qw}. Any other frame holds only the links
 * that changed since this client's last frame, eight integers each: the gap in index since the previous link in the
 * frame (the first link's index itself; consecutive links have gap 0), then the seven values' differences from what
 * the client was last sent. Moving links change by a little between frames, so differences are short numbers: about
 * half the bytes of absolute values. Not thread-safe: a client's frames are made one at a time.
 */
final class PoseEncoder {

    private String sentKey;
    private int[] sent;
    /** The sequence number of the last frame taken (sent, or found unchanged); 0 when not known. */
    private long sentSequence;

    /** The JSON of the next frame, or null when nothing changed since the last one. */
    String next(Frame f) {
        int stride = PoseStream.STRIDE;
        int[] v = f.values();
        boolean full = sent == null || !f.key().equals(sentKey) || sent.length != v.length;
        if (!full && f.sequence() > 0 && f.sequence() == sentSequence) {
            return null; // the same frame again (a paused world): the client holds it
        }
        // The frame lists its changes against the one before it: when that is the one taken last, only they are
        // compared, else every link.
        boolean listed = !full && f.changed() != null && sentSequence > 0 && f.sequence() == sentSequence + 1;
        long sequence = f.sequence();
        StringBuilder p = new StringBuilder(full ? v.length * 4 : 256);
        if (full) {
            for (int i = 0; i < v.length; i++) {
                p.append(i == 0 ? "" : ",").append(v[i]);
            }
        } else {
            int previous = -1;
            int count = listed ? f.changed().length : v.length / stride;
            for (int i = 0; i < count; i++) {
                int link = listed ? f.changed()[i] : i;
                int o = link * stride;
                if (same(v, sent, o, stride)) {
                    continue;
                }
                p.append(previous < 0 ? "" : ",").append(link - previous - 1);
                for (int k = 0; k < stride; k++) {
                    p.append(',').append(v[o + k] - sent[o + k]);
                }
                previous = link;
            }
            if (previous < 0) {
                sentSequence = sequence; // the client holds this frame's values already
                return null;
            }
        }
        sent = v;
        sentKey = f.key();
        sentSequence = sequence;
        return "{\"k\":\"" + f.key() + "\",\"t\":" + f.simTime() + ",\"full\":" + full + ",\"p\":[" + p + "]}";
    }

    private static boolean same(int[] a, int[] b, int offset, int stride) {
        for (int k = 0; k < stride; k++) {
            if (a[offset + k] != b[offset + k]) {
                return false;
            }
        }
        return true;
    }
}
