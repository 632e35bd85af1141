package io.orrery.transport.record.mcap;

import java.nio.file.Path;
import java.util.Map;

/**
 * Writes messages on three channels to an MCAP file until it is killed, never closing it: what a run killed in the
 * middle of a recording leaves. Arguments: the file, the compression (NONE, ZSTD, LZ4). Should nobody kill it, it
 * stops writing after a million messages a channel and exits after ten minutes, never having closed the file.
 */
final class McapKilledWriter {

    private McapKilledWriter() {}

    public static void main(String[] args) throws Exception {
        McapWriterOptions options = McapWriterOptions.defaults()
                .withCompression(McapCompression.valueOf(args[1]))
                .withChunkSize(4096);
        McapWriter writer = McapWriter.create(Path.of(args[0]), options);
        for (int c = 0; c < 3; c++) {
            writer.addChannel(0, "/topic" + c, "json", Map.of());
        }
        for (long seq = 0; seq < 1_000_000; seq++) {
            for (int c = 0; c < 3; c++) {
                byte[] data = ("{\"seq\":" + seq + ",\"padding\":\"" + "x".repeat((int) (seq % 97)) + "\"}").getBytes();
                writer.addMessage(c, seq, 1000 * seq + c, 1000 * seq + c, data);
            }
        }
        Thread.sleep(600_000);
        System.exit(3);
    }
}
