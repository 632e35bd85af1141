package io.orrery.transport.record;

import io.orrery.transport.record.mcap.McapCompression;
import io.orrery.transport.record.mcap.McapLimits;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The recorder's settings, {@code orrery.record.*}. Every size a recording can reach is bounded here (docs/limits.md).
 *
 * @param path record the run from the start into this MCAP file (empty: record only when asked over the API); the
 *     file appears when the recording ends, written meanwhile beside it as {@code FILE.part}
 * @param besideReport a run that writes a report ({@code orrery.report}) and sets no path records itself beside it, as
 *     {@code result.mcap} beside {@code result.json}, which names it
 * @param directory where recordings started over the API are written, each under the name the request gives
 * @param topics regular expressions a topic's whole name must match to be recorded (none: every topic); the scene
 *     and the link frames are topics like the others ({@code /foxglove/scene}, {@code /foxglove/tf})
 * @param maxSize the most a recording's messages take in its file: once reached, the recording takes no more messages
 *     (counted and named in the file's {@code orrery.recording} metadata) and closes at the end as usual
 * @param maxQueuedMessages the most messages waiting for the writer; past it a message is dropped and counted, so the
 *     runner never waits on the disk
 * @param compression each chunk's compression: {@code zstd}, {@code lz4} or {@code none}
 * @param chunkSize a chunk is written once its messages reach this size: the most a killed process loses
 * @param syncPeriod how often the recorder looks for a reload or changed models (the bus tells it of new topics)
 * @param maxCommands the most commands a recording keeps for replay; past it a command is counted, not kept, and the
 *     recording cannot be replayed
 * @param maxStateEntries the most entries (links, models' joints) whose hashes each step keeps, so that a replay names
 *     the link that differs; a larger world keeps only the world's hash per step (a replay names the step)
 * @param maxRate the most messages of one topic recorded a second of sim time, on average (0: every message); a topic
 *     published every step at 1 kHz keeps one message in ten at 100. What the publisher would build only for the
 *     recording is not built in between. The replay journal (commands, a state hash a step) is not a topic: it keeps
 *     every step
 */
@ConfigurationProperties("orrery.record")
public record RecordProperties(
        @DefaultValue("") String path,
        @DefaultValue("true") boolean besideReport,
        @DefaultValue("recordings") String directory,
        @DefaultValue List<String> topics,
        @DefaultValue("1GB") DataSize maxSize,
        @DefaultValue("100000") int maxQueuedMessages,
        @DefaultValue("zstd") String compression,
        @DefaultValue("1MB") DataSize chunkSize,
        @DefaultValue("200ms") Duration syncPeriod,
        @DefaultValue("100000") long maxCommands,
        @DefaultValue("256") int maxStateEntries,
        @DefaultValue("100") double maxRate) {

    static final long MIN_CHUNK = 4 << 10;

    public RecordProperties {
        topics = topics == null ? List.of() : List.copyOf(topics);
        for (String t : topics) {
            try {
                Pattern.compile(t);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(
                        "orrery.record.topics holds '" + t + "', not a regular expression: " + e.getDescription());
            }
        }
        long maxChunk = McapLimits.defaults().maxChunkBytes();
        if (chunkSize == null || chunkSize.toBytes() < MIN_CHUNK || chunkSize.toBytes() > maxChunk) {
            throw new IllegalArgumentException(
                    "orrery.record.chunk-size must be between 4KB and " + (maxChunk >> 20) + "MB, got " + chunkSize);
        }
        if (maxSize == null
                || maxSize.toBytes() < 4 * chunkSize.toBytes()
                || maxSize.toBytes() > DataSize.ofTerabytes(1).toBytes()) {
            throw new IllegalArgumentException("orrery.record.max-size must be between 4 chunks (4 x "
                    + "orrery.record.chunk-size, " + chunkSize + ") and 1TB, got " + maxSize);
        }
        if (maxQueuedMessages < 16 || maxQueuedMessages > 10_000_000) {
            throw new IllegalArgumentException(
                    "orrery.record.max-queued-messages must be between 16 and 10000000, got " + maxQueuedMessages);
        }
        compressionOf(compression);
        if (maxCommands < 0 || maxCommands > 100_000_000) {
            throw new IllegalArgumentException(
                    "orrery.record.max-commands must be between 0 and 100000000, got " + maxCommands);
        }
        if (maxStateEntries < 0 || maxStateEntries > 65_536) {
            throw new IllegalArgumentException(
                    "orrery.record.max-state-entries must be between 0 and 65536, got " + maxStateEntries);
        }
        if (!(maxRate >= 0 && maxRate <= 1e9)) {
            throw new IllegalArgumentException(
                    "orrery.record.max-rate must be between 0 (every message) and 1e9 a second of sim time, got "
                            + maxRate);
        }
        if (syncPeriod == null || syncPeriod.toMillis() < 10 || syncPeriod.toMillis() > 10_000) {
            throw new IllegalArgumentException(
                    "orrery.record.sync-period must be between 10ms and 10s, got " + syncPeriod);
        }
    }

    /** The chunks' compression by the property's name. */
    McapCompression mcapCompression() {
        return compressionOf(compression);
    }

    /** {@code value} as a plain decimal ({@code 100}, {@code 0.5}): how the metadata names the rate. */
    static String plain(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    /** The least sim time between two messages of one topic, on average; 0 for every message. */
    long periodNanos() {
        return maxRate == 0 ? 0 : Math.max(1, Math.round(1e9 / maxRate));
    }

    /** Whether {@code topic} is recorded. */
    boolean records(String topic) {
        return topics.isEmpty() || topics.stream().anyMatch(t -> topic.matches(t));
    }

    private static McapCompression compressionOf(String name) {
        String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
        return switch (n) {
            case "zstd" -> McapCompression.ZSTD;
            case "lz4" -> McapCompression.LZ4;
            case "none" -> McapCompression.NONE;
            default ->
                throw new IllegalArgumentException(
                        "orrery.record.compression must be zstd, lz4 or none, got '" + name + "'");
        };
    }
}
