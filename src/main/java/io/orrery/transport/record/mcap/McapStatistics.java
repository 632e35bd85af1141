package io.orrery.transport.record.mcap;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The counts a file's summary carries.
 *
 * @param messageStartTime the earliest log time, 0 with no messages
 * @param channelMessageCounts messages per channel id
 */
public record McapStatistics(
        long messageCount,
        int schemaCount,
        long channelCount,
        long attachmentCount,
        long metadataCount,
        long chunkCount,
        long messageStartTime,
        long messageEndTime,
        Map<Integer, Long> channelMessageCounts) {

    public McapStatistics {
        channelMessageCounts = Collections.unmodifiableMap(new TreeMap<>(channelMessageCounts));
    }
}
