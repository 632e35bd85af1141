package io.orrery.world.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 item 4: a 1.5 MB PNG heightmap with a zTXt chunk of 1.5 GB of zeros raised the server's memory by about
 * 1 GB for 6 to 13 s before it was refused: the image decoder inflated the metadata. Orrery now walks the PNG's chunks
 * itself before decoding, refusing a compressed ancillary chunk (zTXt, iTXt, iCCP) of more than 1 MiB, and decodes
 * with the metadata ignored, so what a file holds besides its pixels is never inflated. The measure is the bytes the
 * reading thread allocates (the JVM counts them exactly); a heightmap of 5 × 5 pixels needs a few kilobytes.
 */
class PngBombTests {

    /** Far above what reading a tiny PNG allocates (ImageIO's reader and buffers: about a megabyte), far below a bomb. */
    private static final long MAX_ALLOCATED = 64L << 20;

    @TempDir
    Path dir;

    private final MeshLoader loader = new MeshLoader(MeshLimits.DEFAULT);

    @Test
    void theIssuesZtxtBombIsRefusedUninflated() throws IOException {
        // 1.48 GB of zeros deflate to about 1.4 MB
        Path png = withChunk(dir.resolve("bomb.png"), "zTXt", textChunk("Comment", zeros(22)));
        assertThat(Files.size(png)).isBetween(1_000_000L, 2_000_000L);
        MeshException e = allocatingAtMost(
                MAX_ALLOCATED, () -> catchThrowableOfType(MeshException.class, () -> loader.heightmap(png)));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("zTXt", "more than 1048576 bytes");
    }

    @Test
    void compressedMetadataUnderTheBoundIsNeverInflated() throws IOException {
        for (String type : new String[] {"zTXt", "iCCP"}) {
            // 872 MB of zeros deflate to under 1 MiB: within the bound, so the file is read, and its pixels only
            Path png = withChunk(dir.resolve(type + ".png"), type, textChunk("Comment", zeros(13)));
            HeightImage image = allocatingAtMost(MAX_ALLOCATED, () -> loader.heightmap(png));
            assertThat(image.size()).as(type).isEqualTo(5);
            assertThat((double) image.value(4, 0)).as(type).isCloseTo(40 / 255.0, within(1e-6)); // float's step
        }
    }

    @Test
    void aFileThatIsNotAPngIsRefusedBeforeAnyDecoder() throws IOException {
        Path gif = Files.write(dir.resolve("terrain.gif"), "GIF89a....".getBytes(StandardCharsets.US_ASCII));
        assertThat(catchThrowableOfType(MeshException.class, () -> loader.heightmap(gif))
                        .getMessage())
                .contains("not an image", "PNG");
    }

    @Test
    void theImageSizeIsCheckedFromItsHeaderBeforeDecoding() throws IOException {
        // a header claiming 2^20 × 2^20 pixels, with no pixel data: refused before a decoder allocates anything
        Path png = TestMeshes.png(dir.resolve("small.png"), 5, 8, (x, y) -> 0);
        byte[] bytes = Files.readAllBytes(png);
        ByteBuffer.wrap(bytes).putInt(16, 1 << 20).putInt(20, 1 << 20);
        fixCrc(bytes, 8);
        Path huge = Files.write(dir.resolve("huge.png"), bytes);
        MeshException e = allocatingAtMost(
                MAX_ALLOCATED, () -> catchThrowableOfType(MeshException.class, () -> loader.heightmap(huge)));
        assertThat(e.getMessage()).contains("1048576×1048576 pixels", "orrery.mesh.max-triangles");
    }

    /** What {@code read} returns, having allocated at most {@code max} bytes on this thread. */
    private static <T> T allocatingAtMost(long max, Supplier<T> read) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        T result = read.get();
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("bytes allocated reading the file").isLessThan(max);
        return result;
    }

    /**
     * A zlib stream of {@code blocks} × 64 MiB of zeros, made without deflating them all: one 64 MiB block deflated
     * and flushed (which resets the compressor, so every further block deflates to the same bytes), repeated, then
     * the final empty block and the Adler-32 of that many zeros (a = 1, b = their count mod 65521).
     */
    private static byte[] zeros(int blocks) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        deflater.setInput(new byte[BLOCK]);
        ByteArrayOutputStream one = new ByteArrayOutputStream();
        byte[] out = new byte[1 << 16];
        int n;
        while ((n = deflater.deflate(out, 0, out.length, Deflater.FULL_FLUSH)) > 0) {
            one.write(out, 0, n);
        }
        deflater.end();
        Deflater last = new Deflater(Deflater.BEST_COMPRESSION, true);
        last.finish();
        int tail = last.deflate(out);
        last.end();
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.write(0x78);
        stream.write(0xDA);
        for (int i = 0; i < blocks; i++) {
            stream.writeBytes(one.toByteArray());
        }
        stream.write(out, 0, tail);
        long b = (long) blocks * BLOCK % 65521;
        stream.writeBytes(ByteBuffer.allocate(4).putInt((int) (b << 16 | 1)).array());
        return stream.toByteArray();
    }

    private static final int BLOCK = 64 << 20;

    /** A zTXt (or iCCP) body: a keyword, NUL, compression method 0, then the deflated data. */
    private static byte[] textChunk(String keyword, byte[] deflated) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(keyword.getBytes(StandardCharsets.ISO_8859_1));
        b.write(0);
        b.write(0);
        b.writeBytes(deflated);
        return b.toByteArray();
    }

    /** A 5 × 5 greyscale PNG (each pixel 10 × its column) with {@code body} as a chunk of {@code type} after IHDR. */
    private static Path withChunk(Path file, String type, byte[] body) throws IOException {
        byte[] png = Files.readAllBytes(TestMeshes.png(file, 5, 8, (x, y) -> 10 * x));
        int afterHeader = 8 + 12 + 13; // signature, then IHDR's length, type, 13 bytes and CRC
        ByteBuffer chunk = ByteBuffer.allocate(12 + body.length);
        chunk.putInt(body.length).put(type.getBytes(StandardCharsets.US_ASCII)).put(body);
        CRC32 crc = new CRC32();
        crc.update(chunk.array(), 4, 4 + body.length);
        chunk.putInt((int) crc.getValue());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, afterHeader);
        out.writeBytes(chunk.array());
        out.write(png, afterHeader, png.length - afterHeader);
        return Files.write(file, out.toByteArray());
    }

    /** Recomputes the CRC of the chunk that starts at {@code offset}. */
    private static void fixCrc(byte[] png, int offset) {
        ByteBuffer b = ByteBuffer.wrap(png);
        int length = b.getInt(offset);
        CRC32 crc = new CRC32();
        crc.update(png, offset + 4, 4 + length);
        b.putInt(offset + 8 + length, (int) crc.getValue());
    }
}
