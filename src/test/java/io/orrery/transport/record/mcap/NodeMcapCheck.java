package io.orrery.transport.record.mcap;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.node.NodeProject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Foxglove's reference MCAP readers, the Node.js project {@code src/test/node/mcap}. The recorder's tests use it too.
 */
public final class NodeMcapCheck {

    private static final NodeProject PROJECT =
            new NodeProject("mcap", "the MCAP files are checked with Foxglove's reference readers");

    private NodeMcapCheck() {}

    /** {@code node check.mjs MODE FILE ARGS}'s JSON; fails with the script's error output if it exits non-zero. */
    public static JsonNode check(String mode, Path file, String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of(mode, file.toAbsolutePath().toString()));
        all.addAll(List.of(args));
        return PROJECT.check(all);
    }
}
