package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;

/**
 * The file as the writer sees it: every byte counted, so that indexes can name offsets, and summed into a CRC32
 * (the data section's, then the summary's).
 */
final class PositionedOutput {

    private final OutputStream out;
    private final CRC32 crc = new CRC32();
    private long position;

    PositionedOutput(OutputStream out) {
        this.out = out;
    }

    long position() {
        return position;
    }

    void write(byte[] b, int offset, int length) throws IOException {
        out.write(b, offset, length);
        crc.update(b, offset, length);
        position += length;
    }

    void write(RecordBuffer b) throws IOException {
        write(b.array(), 0, b.size());
    }

    /** The CRC32 of what was written since the last {@link #restartCrc}. */
    long crc() {
        return crc.getValue();
    }

    void restartCrc() {
        crc.reset();
    }

    /** Hands what is buffered to the operating system, which keeps it if the process is killed. */
    void flush() throws IOException {
        out.flush();
    }

    void close() throws IOException {
        out.close();
    }
}
