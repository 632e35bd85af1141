package io.orrery.world.mesh;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;

/**
 * A PNG's chunks walked before any decoder sees the file, reading only their headers: the signature, the size in
 * IHDR (checked against the triangle bound before a pixel is decoded), and every compressed ancillary chunk (zTXt,
 * iTXt, iCCP) no larger than {@value #MAX_COMPRESSED_METADATA} bytes. Deflate shrinks zeros a thousandfold: a 1.5 MB
 * zTXt chunk of a heightmap inflated to 1.5 GB in the decoder before the file was refused. Nothing is inflated here,
 * and the decoder is then told to ignore metadata ({@link HeightImage}), so such a chunk is never inflated at all.
 */
final class PngCheck {

    /** The largest compressed ancillary chunk, bytes: a text or ICC profile of a heightmap is far smaller. */
    static final long MAX_COMPRESSED_METADATA = 1 << 20;

    /** The most chunks a PNG may hold: a heightmap within the triangle bound needs a few hundred. */
    static final int MAX_CHUNKS = 100_000;

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final Set<String> COMPRESSED_METADATA = Set.of("zTXt", "iTXt", "iCCP");

    /** The size IHDR gives. */
    record Size(int width, int height) {}

    private PngCheck() {}

    /**
     * The image's size, having walked every chunk header.
     *
     * @throws MeshException when the file is no PNG, is cut short, or holds compressed metadata beyond the bound
     */
    static Size check(Path file) {
        try (FileChannel in = FileChannel.open(file)) {
            ByteBuffer signature = read(in, 0, SIGNATURE.length);
            if (signature == null || !java.util.Arrays.equals(signature.array(), SIGNATURE)) {
                throw new MeshException("not an image Orrery reads as a heightmap: expected a PNG");
            }
            long size = in.size();
            long at = SIGNATURE.length;
            Size imageSize = null;
            for (int chunks = 0; at < size; chunks++) {
                if (chunks >= MAX_CHUNKS) {
                    throw new MeshException("the PNG holds more than " + MAX_CHUNKS + " chunks");
                }
                ByteBuffer header = read(in, at, 8);
                if (header == null) {
                    throw new MeshException("the PNG is cut short in a chunk header at byte " + at);
                }
                long length = Integer.toUnsignedLong(header.getInt(0));
                String type = new String(header.array(), 4, 4, StandardCharsets.ISO_8859_1);
                if (imageSize == null) {
                    imageSize = ihdr(in, at, type, length);
                }
                if (COMPRESSED_METADATA.contains(type) && length > MAX_COMPRESSED_METADATA) {
                    throw new MeshException("the PNG holds a " + type + " chunk of " + length
                            + " compressed bytes, more than " + MAX_COMPRESSED_METADATA + " bytes: deflated metadata"
                            + " may inflate to a thousand times its size, and a heightmap needs none");
                }
                if (type.equals("IEND")) {
                    return imageSize;
                }
                at += 12 + length; // length, type, data, CRC
            }
            throw new MeshException("the PNG ends without its IEND chunk");
        } catch (IOException e) {
            throw new MeshException("cannot read the image: " + e);
        }
    }

    /** The first chunk must be IHDR: its width and height. */
    private static Size ihdr(FileChannel in, long at, String type, long length) throws IOException {
        ByteBuffer body = type.equals("IHDR") && length == 13 ? read(in, at + 8, 8) : null;
        if (body == null) {
            throw new MeshException("the PNG does not start with its IHDR chunk");
        }
        return new Size(body.getInt(0), body.getInt(4));
    }

    /** {@code n} bytes at {@code position}, or null when the file ends first. */
    private static ByteBuffer read(FileChannel in, long position, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            if (in.read(b, position + b.position()) < 0) {
                return null;
            }
        }
        return b;
    }
}
