package io.orrery.transport.record.mcap;

import io.airlift.compress.zstd.ZstdCompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream.BLOCKSIZE;
import net.jpountz.lz4.LZ4FrameOutputStream.FLG;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Compresses and decompresses a chunk's records, in pure Java: zstd frames through aircompressor, LZ4 frames (the
 * format MCAP's readers expect, independent blocks) through lz4-java. Reading uses lz4-java's safe decoder, which
 * checks every bound in Java, since the bytes may come from anyone. One codec per writer or reader: the compressors
 * keep state and reuse an output buffer.
 */
final class ChunkCodec {

    private final ZstdCompressor zstd = new ZstdCompressor();
    private final ZstdDecompressor unzstd = new ZstdDecompressor();
    private final Output out = new Output();

    /** The compressed form of {@code data[0, length)}, valid until the next call: {@link #compressed()} holds it. */
    int compress(McapCompression compression, byte[] data, int length) {
        out.reset();
        switch (compression) {
            case NONE -> out.write(data, 0, length);
            case ZSTD -> {
                out.ensure(zstd.maxCompressedLength(length));
                out.setSize(zstd.compress(data, 0, length, out.buffer(), 0, out.buffer().length));
            }
            case LZ4 -> {
                try (LZ4FrameOutputStream lz4 = new LZ4FrameOutputStream(
                        out,
                        blockSizeFor(length),
                        length,
                        LZ4Factory.fastestJavaInstance().fastCompressor(),
                        XXHashFactory.fastestJavaInstance().hash32(),
                        FLG.Bits.BLOCK_INDEPENDENCE,
                        FLG.Bits.CONTENT_SIZE)) {
                    lz4.write(data, 0, length);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // writes to memory only
                }
            }
        }
        return out.size();
    }

    byte[] compressed() {
        return out.buffer();
    }

    /** The smallest LZ4 block that holds the whole chunk, so that small chunks allocate little. */
    private static BLOCKSIZE blockSizeFor(int length) {
        for (BLOCKSIZE b : BLOCKSIZE.values()) {
            if (length <= 1 << (2 * b.getIndicator() + 8)) {
                return b;
            }
        }
        return BLOCKSIZE.SIZE_4MB;
    }

    /**
     * Decompresses a chunk's records into exactly {@code uncompressedSize} bytes (already checked against the
     * limits); more or fewer, or a broken stream, is a {@link McapFormatException} at {@code fileOffset}.
     */
    byte[] decompress(String compression, byte[] src, int offset, int length, int uncompressedSize, long fileOffset)
            throws McapFormatException {
        McapCompression c = McapCompression.byWireName(compression)
                .orElseThrow(() -> new McapFormatException(
                        fileOffset,
                        "the chunk's compression \"" + compression + "\" is not one Orrery reads (\"\", zstd, lz4)"));
        if (c == McapCompression.NONE || (length == 0 && uncompressedSize == 0)) {
            if (length != uncompressedSize) {
                throw new McapFormatException(
                        fileOffset,
                        "the uncompressed chunk holds " + length + " bytes of records, its header says "
                                + uncompressedSize);
            }
            return Arrays.copyOfRange(src, offset, offset + length);
        }
        byte[] records = new byte[uncompressedSize];
        int produced;
        try {
            produced = c == McapCompression.ZSTD
                    ? unzstd.decompress(src, offset, length, records, 0, uncompressedSize)
                    : unlz4(src, offset, length, records);
        } catch (IOException | RuntimeException e) {
            // the decoders' own errors on malformed input: MalformedInputException, LZ4Exception, bounds
            throw new McapFormatException(
                    fileOffset, "the chunk's " + compression + " data does not decompress: " + e.getMessage(), e);
        }
        if (produced != uncompressedSize) {
            throw new McapFormatException(
                    fileOffset,
                    "the chunk's " + compression + " data decompresses to "
                            + (produced > uncompressedSize ? "more than " + uncompressedSize : produced)
                            + " bytes, its header says " + uncompressedSize);
        }
        return records;
    }

    /** Fills {@code records}; returns how many bytes the stream held, one more than fit when it held more. */
    private static int unlz4(byte[] src, int offset, int length, byte[] records) throws IOException {
        try (InputStream in = new LZ4FrameInputStream(
                new ByteArrayInputStream(src, offset, length),
                LZ4Factory.safeInstance().safeDecompressor(),
                XXHashFactory.safeInstance().hash32())) {
            int n = in.readNBytes(records, 0, records.length);
            return n == records.length && in.read() >= 0 ? n + 1 : n;
        }
    }

    /** A ByteArrayOutputStream whose buffer is reused and read in place. */
    private static final class Output extends ByteArrayOutputStream {

        Output() {
            super(1 << 16);
        }

        byte[] buffer() {
            return buf;
        }

        void ensure(int capacity) {
            if (buf.length < capacity) {
                buf = new byte[capacity];
            }
        }

        void setSize(int n) {
            count = n;
        }
    }
}
