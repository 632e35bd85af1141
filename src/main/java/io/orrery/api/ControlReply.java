package io.orrery.api;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * One answer of the control WebSocket as it goes out: its JSON text frame, then its binary frames in order (a step's
 * camera images, which the JSON describes).
 */
record ControlReply(String text, List<ByteBuffer> binary) {

    ControlReply {
        binary = List.copyOf(binary);
    }

    static ControlReply text(String text) {
        return new ControlReply(text, List.of());
    }
}
