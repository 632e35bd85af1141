package io.orrery.transport.foxglove;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The binary frames of Foxglove's WebSocket protocol: a one-byte opcode, then little-endian integers and a payload.
 * Server frames are built here; client frames are read here, each length checked against the frame it came in.
 */
final class Frames {

    /** Server: a message on a subscription. */
    static final byte MESSAGE_DATA = 0x01;
    /** Server: the server's time. */
    static final byte TIME = 0x02;
    /** Server: a service's answer. */
    static final byte SERVICE_CALL_RESPONSE = 0x03;

    /** Client: a message on a channel the client advertised. */
    static final byte CLIENT_MESSAGE_DATA = 0x01;
    /** Client: a service call. */
    static final byte SERVICE_CALL_REQUEST = 0x02;

    /** The longest encoding name a service call may carry. */
    static final int MAX_ENCODING = 64;

    private Frames() {}

    /** Opcode, subscription id (uint32), receive time in nanoseconds (uint64), the message's bytes. */
    static ByteBuffer messageData(int subscription, long timeNanos, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + 8 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MESSAGE_DATA).putInt(subscription).putLong(timeNanos).put(payload);
        return b.flip();
    }

    /** Opcode and the time in nanoseconds (uint64). */
    static ByteBuffer time(long timeNanos) {
        ByteBuffer b = ByteBuffer.allocate(1 + 8).order(ByteOrder.LITTLE_ENDIAN);
        b.put(TIME).putLong(timeNanos);
        return b.flip();
    }

    /** Opcode, service id, call id, the encoding's length and name, the answer's bytes. */
    static ByteBuffer serviceCallResponse(int service, int call, String encoding, byte[] payload) {
        byte[] enc = encoding.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b =
                ByteBuffer.allocate(1 + 4 + 4 + 4 + enc.length + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(SERVICE_CALL_RESPONSE)
                .putInt(service)
                .putInt(call)
                .putInt(enc.length)
                .put(enc)
                .put(payload);
        return b.flip();
    }

    /** A client's message: the channel it advertised and the payload. */
    record ClientMessage(long channel, byte[] payload) {}

    /** A client's service call. */
    record ServiceCall(long service, long call, String encoding, byte[] payload) {}

    /**
     * The client message in {@code frame} (opcode already checked).
     *
     * @throws IllegalArgumentException when the frame is too short
     */
    static ClientMessage clientMessage(ByteBuffer frame) {
        ByteBuffer b = frame.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < 5) {
            throw new IllegalArgumentException(
                    "a client message frame needs 5 bytes (opcode, channel id), got " + b.remaining());
        }
        b.get();
        long channel = Integer.toUnsignedLong(b.getInt());
        byte[] payload = new byte[b.remaining()];
        b.get(payload);
        return new ClientMessage(channel, payload);
    }

    /**
     * The service call in {@code frame} (opcode already checked).
     *
     * @throws IllegalArgumentException when the frame is too short or its encoding's length does not fit it
     */
    static ServiceCall serviceCall(ByteBuffer frame) {
        ByteBuffer b = frame.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.remaining() < 13) {
            throw new IllegalArgumentException("a service call frame needs 13 bytes (opcode, service id, call id,"
                    + " encoding length), got " + b.remaining());
        }
        b.get();
        long service = Integer.toUnsignedLong(b.getInt());
        long call = Integer.toUnsignedLong(b.getInt());
        long length = Integer.toUnsignedLong(b.getInt());
        if (length > MAX_ENCODING || length > b.remaining()) {
            throw new IllegalArgumentException("a service call's encoding length is " + length + ": at most "
                    + Math.min(MAX_ENCODING, b.remaining()) + " here");
        }
        byte[] enc = new byte[(int) length];
        b.get(enc);
        byte[] payload = new byte[b.remaining()];
        b.get(payload);
        return new ServiceCall(service, call, new String(enc, StandardCharsets.UTF_8), payload);
    }
}
