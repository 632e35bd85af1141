package io.orrery.transport.record.mcap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a reader knows about a file once open: from its summary, or from a scan of its data section. */
final class FileIndex {

    final Map<Integer, McapSchema> schemas = new LinkedHashMap<>();
    final Map<Integer, McapChannel> channels = new LinkedHashMap<>();
    final List<ChunkIndex> chunks = new ArrayList<>();
    final List<McapAttachmentIndex> attachments = new ArrayList<>();
    final List<MetadataIndex> metadata = new ArrayList<>();
    McapStatistics statistics;
    /** Read from the summary (true) or found by a scan. */
    boolean fromSummary;
    /** Where the DataEnd record starts, -1 if the scan found none. */
    long dataEndOffset = -1;
    /** The DataEnd record's data section CRC. */
    long dataSectionCrc;
    /** Where a scan stopped at a record the file ends inside of, -1 if it did not. */
    long truncatedAt = -1;

    void add(McapSchema s, long offset) throws McapFormatException {
        if (s.id() == 0) {
            return; // the spec asks readers to ignore a schema with id 0
        }
        McapSchema known = schemas.putIfAbsent(s.id(), s);
        if (known != null && !sameSchema(known, s)) {
            throw new McapFormatException(offset, "schema " + s.id() + " is defined twice, differently");
        }
    }

    void add(McapChannel c, long offset) throws McapFormatException {
        McapChannel known = channels.putIfAbsent(c.id(), c);
        if (known != null && !known.equals(c)) {
            throw new McapFormatException(offset, "channel " + c.id() + " is defined twice, differently");
        }
    }

    private static boolean sameSchema(McapSchema a, McapSchema b) {
        return a.name().equals(b.name())
                && a.encoding().equals(b.encoding())
                && java.util.Arrays.equals(a.data(), b.data());
    }
}
