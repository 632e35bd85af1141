package io.orrery.transport.record.mcap;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The bytes of a file, read at any offset: a file on disk, or bytes in memory (tests, fuzzing). */
abstract class Source implements Closeable {

    abstract long size();

    /** Reads {@code length} bytes at {@code offset}, which the caller has checked lie within {@link #size}. */
    abstract void read(long offset, byte[] into, int at, int length) throws IOException;

    /** The bytes at {@code [offset, offset + length)}, or an error naming the offset if the file ends before. */
    final byte[] bytes(long offset, long length, String what) throws IOException {
        if (offset < 0 || length < 0 || length > McapLimits.CEILING || offset > size() - length) {
            throw new McapFormatException(
                    offset,
                    what + " of " + Long.toUnsignedString(length) + " bytes lies outside the file of " + size()
                            + " bytes");
        }
        byte[] b = new byte[(int) length];
        read(offset, b, 0, (int) length);
        return b;
    }

    static Source of(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        long size = channel.size();
        return new Source() {
            @Override
            long size() {
                return size;
            }

            @Override
            void read(long offset, byte[] into, int at, int length) throws IOException {
                ByteBuffer buffer = ByteBuffer.wrap(into, at, length);
                long position = offset;
                while (buffer.hasRemaining()) {
                    int n = channel.read(buffer, position);
                    if (n < 0) {
                        throw new EOFException(file + " ended at " + position + " while being read");
                    }
                    position += n;
                }
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    static Source of(byte[] file) {
        return new Source() {
            @Override
            long size() {
                return file.length;
            }

            @Override
            void read(long offset, byte[] into, int at, int length) {
                System.arraycopy(file, (int) offset, into, at, length);
            }

            @Override
            public void close() {}
        };
    }
}
