package io.orrery.world.mesh;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * A greyscale PNG heightmap as gz-common reads it, its chunks checked first ({@link PngCheck}): square, 8 or 16 bits, each pixel's first channel divided by the
 * largest value its depth holds (255 or 65535), so 0 is the lowest point and 1 the highest. Row 0 is the image's top.
 */
public final class HeightImage {

    private final String source;
    private final int size;
    private final int bits;
    private final float[] values;

    private HeightImage(String source, int size, int bits, float[] values) {
        this.source = source;
        this.size = size;
        this.bits = bits;
        this.values = values;
    }

    /** What the image was read from. */
    public String source() {
        return source;
    }

    /** Pixels along each side. */
    public int size() {
        return size;
    }

    /** Bits per sample: 8 or 16. */
    public int bits() {
        return bits;
    }

    /** The pixel at column {@code x}, row {@code y} (row 0 at the top), 0 to 1. */
    public float value(int x, int y) {
        return values[y * size + x];
    }

    static HeightImage read(Path file, int maxTriangles) {
        // the chunks and the size first, nothing inflated: only then may a decoder see the file
        PngCheck.Size size = PngCheck.check(file);
        int width = size.width();
        int height = size.height();
        if (width != height || width < 2) {
            throw new MeshException("a heightmap image must be square and at least 2×2 pixels, as in"
                    + " Gazebo; it is " + width + "×" + height);
        }
        long triangles = 2L * (width - 1) * (height - 1);
        if (triangles > maxTriangles) {
            throw new MeshException(width + "×" + height + " pixels make " + triangles + " triangles, more" + " than "
                    + maxTriangles + ", the most orrery.mesh.max-triangles allows");
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            if (in == null) {
                throw new MeshException("cannot open the image");
            }
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("png");
            if (!readers.hasNext()) {
                throw new MeshException("this Java has no PNG reader");
            }
            ImageReader reader = readers.next();
            try {
                // metadata ignored: text and ICC profiles are never inflated
                reader.setInput(in, true, true);
                if (reader.getWidth(0) != width || reader.getHeight(0) != height) {
                    throw new MeshException("the PNG's decoder reads another size than its IHDR chunk gives");
                }
                return of(file.toString(), reader.read(0));
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof MeshException m) {
                throw m;
            }
            throw new MeshException("cannot read the image: " + e.getMessage(), e);
        }
    }

    private static HeightImage of(String source, BufferedImage image) {
        Raster raster = image.getRaster();
        int bits = raster.getSampleModel().getSampleSize(0);
        IndexColorModel palette = image.getColorModel() instanceof IndexColorModel p ? p : null;
        if (palette != null) {
            bits = 8;
        } else if (bits != 8 && bits != 16) {
            throw new MeshException(
                    "a heightmap image must have 8 or 16 bits per sample, as in Gazebo; it has " + bits);
        }
        double max = (1 << bits) - 1;
        int size = image.getWidth();
        float[] values = new float[size * size];
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                int sample = raster.getSample(x, y, 0);
                values[y * size + x] = (float) ((palette != null ? palette.getRed(sample) : sample) / max);
            }
        }
        return new HeightImage(source, size, bits, values);
    }
}
