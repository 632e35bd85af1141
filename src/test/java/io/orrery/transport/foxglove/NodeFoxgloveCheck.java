package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.node.NodeProject;
import java.io.IOException;
import java.util.List;

/** Foxglove's own WebSocket client ({@code @foxglove/ws-protocol}), the Node.js project {@code src/test/node/foxglove}. */
final class NodeFoxgloveCheck {

    private static final NodeProject PROJECT =
            new NodeProject("foxglove", "the Foxglove server is checked with Foxglove's own client");

    private NodeFoxgloveCheck() {}

    /** {@code node check.mjs URL}'s JSON; fails with the script's error output if it exits non-zero. */
    static JsonNode check(String url) throws IOException, InterruptedException {
        return PROJECT.check(List.of(url));
    }
}
