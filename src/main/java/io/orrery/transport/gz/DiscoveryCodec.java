package io.orrery.transport.gz;

import com.google.protobuf.InvalidProtocolBufferException;
import com.gz.msgs.DiscoveryProtos.Discovery;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * gz-transport's discovery datagram (ign-transport 8 and later): a 2-byte little-endian length of the body, then
 * the body, a protobuf {@code gz.msgs.Discovery}. A datagram whose length does not match, that does not parse or
 * that speaks another wire version is dropped, as gz-transport drops it.
 */
final class DiscoveryCodec {

    /** The discovery wire version: 10 from ign-transport 8 to gz-transport 15 (110 with topic statistics). */
    static final int WIRE_VERSION = 10;

    /** The largest datagram: the length field is 16 bits. */
    static final int MAX_DATAGRAM = 65535;

    private DiscoveryCodec() {}

    /** The datagram of {@code message}, or empty when it would not fit one (gz-transport does not send it either). */
    static Optional<ByteBuffer> encode(Discovery message) {
        byte[] body = message.toByteArray();
        if (body.length + 2 > MAX_DATAGRAM) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.allocate(body.length + 2).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) body.length).put(body).flip();
        return Optional.of(b);
    }

    /** The message a received datagram holds, if it is a well-formed one of this wire version. */
    static Optional<Discovery> decode(ByteBuffer datagram) {
        if (datagram.remaining() < 2) {
            return Optional.empty();
        }
        int length = Short.toUnsignedInt(datagram.order(ByteOrder.LITTLE_ENDIAN).getShort());
        if (length != datagram.remaining()) {
            return Optional.empty();
        }
        try {
            Discovery d = Discovery.parseFrom(datagram);
            return d.getVersion() == WIRE_VERSION ? Optional.of(d) : Optional.empty();
        } catch (InvalidProtocolBufferException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
