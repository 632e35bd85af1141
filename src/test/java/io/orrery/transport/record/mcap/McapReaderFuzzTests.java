package io.orrery.transport.record.mcap;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * Bytes as an MCAP file from a user: the reader opens it, reads every message, attachment and metadata record and
 * verifies it, or refuses it with a {@link McapFormatException} naming an offset inside the file; never another
 * exception, never an allocation past its limits (kept small here, so that a missing bound shows as an
 * OutOfMemoryError). Regression inputs in
 * {@code src/test/resources/io/orrery/transport/record/mcap/McapReaderFuzzTestsInputs/files/}: small valid files of
 * each compression, truncated ones, damaged CRCs, huge lengths and sizes, garbage compressed data, indexes pointing
 * elsewhere.
 */
class McapReaderFuzzTests {

    static final McapLimits LIMITS = new McapLimits(1 << 16, 1 << 20, 1 << 20, 1 << 20);

    @FuzzTest(maxDuration = "10m")
    void files(byte[] input) throws IOException {
        try (McapReader reader = McapReader.of(input, LIMITS)) {
            McapMessageCursor messages = reader.messages();
            for (McapMessage m = messages.next(); m != null; m = messages.next()) {
                assertThat(reader.channels()).containsKey(m.channelId());
            }
            for (McapAttachmentIndex a : reader.attachments()) {
                reader.attachment(a);
            }
            reader.metadata();
            reader.verify();
        } catch (McapFormatException e) {
            assertThat(e.offset()).as(e.getMessage()).isBetween(0L, (long) input.length);
            assertThat(e.getMessage()).startsWith("MCAP at offset " + e.offset() + ": ");
        }
    }
}
