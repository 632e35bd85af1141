package io.orrery.api;

import io.orrery.control.BatchResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The binary lockstep frames of docs/vector-lockstep.md: a 24-byte little-endian header (magic {@code ORV1}, kind,
 * flags, id, n, width), then the arrays. Reads step requests, writes step and reset answers.
 */
final class VectorFrames {

    static final int HEADER = 24;
    static final int MAGIC = 'O' | 'R' << 8 | 'V' << 16 | '1' << 24; // "ORV1" read little-endian
    static final int STEP_REQUEST = 1;
    static final int STEP_ANSWER = 2;
    static final int RESET_ANSWER = 3;
    static final int FLAG_FINAL = 1;

    private VectorFrames() {}

    /** A step request's header, checked against what the connection holds. */
    record StepRequest(long id, int n, int width) {}

    /**
     * Reads a step request's header and its actions into {@code actions} ({@code n × width}).
     *
     * @throws IllegalArgumentException naming what does not fit
     */
    static StepRequest readStep(ByteBuffer frame, int n, int width, float[] actions) {
        ByteBuffer b = frame.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < HEADER) {
            throw new IllegalArgumentException(
                    "a binary frame of " + b.remaining() + " bytes, shorter than the " + HEADER + "-byte header");
        }
        int start = b.position();
        if (b.getInt(start) != MAGIC) {
            throw new IllegalArgumentException(String.format(
                    "a binary frame without the magic ORV1 (it starts %08x)", Integer.reverseBytes(b.getInt(start))));
        }
        int kind = b.get(start + 4) & 0xFF;
        if (kind != STEP_REQUEST) {
            throw new IllegalArgumentException("a binary frame of kind " + kind + "; a client sends step requests (1)");
        }
        long id = b.getInt(start + 8) & 0xFFFFFFFFL;
        int frameN = b.getInt(start + 12);
        int frameWidth = b.getInt(start + 16);
        if (frameN != n || frameWidth != width) {
            throw new IllegalArgumentException("a step for " + Integer.toUnsignedString(frameN) + " worlds × "
                    + Integer.toUnsignedString(frameWidth) + " actions; this connection holds " + n
                    + " worlds, the task's"
                    + " action has " + width);
        }
        long expected = HEADER + 4L * n * width;
        if (b.remaining() != expected) {
            throw new IllegalArgumentException("a step request of " + b.remaining() + " bytes for " + n + " × " + width
                    + ", expected " + expected);
        }
        b.position(start + HEADER);
        b.asFloatBuffer().get(actions, 0, n * width);
        return new StepRequest(id, n, width);
    }

    /** The bytes of an answer for {@code r}. */
    static int answerSize(BatchResult r, boolean withFinal) {
        return HEADER + 8 * r.n + 4 * r.n * r.width + 3 * r.n + (withFinal ? 4 * r.n * r.width : 0);
    }

    /** Writes a step or reset answer into {@code out} (cleared, little-endian), ready to send. */
    static ByteBuffer writeAnswer(ByteBuffer out, int kind, long id, BatchResult r, boolean withFinal) {
        out.clear().order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC)
                .put((byte) kind)
                .put((byte) (withFinal ? FLAG_FINAL : 0))
                .putShort((short) 0)
                .putInt((int) id)
                .putInt(r.n)
                .putInt(r.width)
                .putInt(0);
        out.asDoubleBuffer().put(r.rewards, 0, r.n);
        out.position(out.position() + 8 * r.n);
        out.asFloatBuffer().put(r.observations, 0, r.n * r.width);
        out.position(out.position() + 4 * r.n * r.width);
        for (boolean t : r.terminated) {
            out.put((byte) (t ? 1 : 0));
        }
        for (boolean t : r.truncated) {
            out.put((byte) (t ? 1 : 0));
        }
        for (boolean f : r.finals) {
            out.put((byte) (f ? 1 : 0));
        }
        if (withFinal) {
            out.asFloatBuffer().put(r.finalObservations, 0, r.n * r.width);
            out.position(out.position() + 4 * r.n * r.width);
        }
        return out.flip();
    }
}
