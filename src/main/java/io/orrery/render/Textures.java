package io.orrery.render;

import static org.lwjgl.opengl.GL33C.GL_LINEAR;
import static org.lwjgl.opengl.GL33C.GL_LINEAR_MIPMAP_LINEAR;
import static org.lwjgl.opengl.GL33C.GL_REPEAT;
import static org.lwjgl.opengl.GL33C.GL_RGBA;
import static org.lwjgl.opengl.GL33C.GL_RGBA8;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE_MAG_FILTER;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE_MIN_FILTER;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE_WRAP_S;
import static org.lwjgl.opengl.GL33C.GL_TEXTURE_WRAP_T;
import static org.lwjgl.opengl.GL33C.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL33C.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL33C.glBindTexture;
import static org.lwjgl.opengl.GL33C.glDeleteTextures;
import static org.lwjgl.opengl.GL33C.glGenTextures;
import static org.lwjgl.opengl.GL33C.glGenerateMipmap;
import static org.lwjgl.opengl.GL33C.glPixelStorei;
import static org.lwjgl.opengl.GL33C.glTexImage2D;
import static org.lwjgl.opengl.GL33C.glTexParameteri;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.lwjgl.system.MemoryUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scene's textures: each image file (PNG, JPEG, anything ImageIO reads) read once, within the settings' bounds on
 * bytes and pixels, and kept on the GPU as RGBA with mipmaps, repeating. A file that is too large or cannot be read is
 * logged and the surface drawn without it, as a texture that cannot be found is.
 */
final class Textures {

    private static final Logger LOG = LoggerFactory.getLogger(Textures.class);

    private final RenderSettings settings;
    private final Map<Path, Integer> loaded = new HashMap<>();

    Textures(RenderSettings settings) {
        this.settings = settings;
    }

    /** The texture of that file, 0 when it cannot be drawn. */
    int texture(Path file) {
        return loaded.computeIfAbsent(file, this::load);
    }

    private int load(Path file) {
        BufferedImage image;
        try {
            image = read(file);
        } catch (IOException | RuntimeException e) {
            LOG.warn("{}: {}; the surface is drawn without it", file, e.getMessage());
            return 0;
        }
        int width = image.getWidth();
        int height = image.getHeight();
        ByteBuffer pixels = MemoryUtil.memAlloc(width * height * 4);
        try {
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int argb = image.getRGB(x, y);
                    pixels.put((byte) (argb >> 16))
                            .put((byte) (argb >> 8))
                            .put((byte) argb)
                            .put((byte) (argb >>> 24));
                }
            }
            pixels.flip();
            int id = glGenTextures();
            glBindTexture(GL_TEXTURE_2D, id);
            glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
            // the image's top row first, at t = 0: texture coordinates count v from the top, as Ogre's do
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
            glGenerateMipmap(GL_TEXTURE_2D);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
            glBindTexture(GL_TEXTURE_2D, 0);
            return id;
        } finally {
            MemoryUtil.memFree(pixels);
        }
    }

    /** The image, its size checked from its header before a pixel is decoded. */
    private BufferedImage read(Path file) throws IOException {
        long bytes = Files.size(file);
        if (bytes > settings.maxTextureBytes()) {
            throw new IOException("the file has " + bytes + " bytes, more than the " + settings.maxTextureBytes()
                    + " a texture may have");
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers == null || !readers.hasNext()) {
                throw new IOException("not an image ImageIO can read");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
                if (pixels > settings.maxTexturePixels()) {
                    throw new IOException("the image has " + reader.getWidth(0) + " × " + reader.getHeight(0)
                            + " pixels, more than the " + settings.maxTexturePixels() + " a texture may have");
                }
                return reader.read(0);
            } finally {
                reader.dispose();
            }
        }
    }

    /** The textures on the GPU (0 stands for a file that could not be drawn and is left out). */
    IntStream names() {
        return loaded.values().stream().mapToInt(Integer::intValue).filter(id -> id != 0);
    }

    void delete() {
        for (int id : loaded.values()) {
            if (id != 0) {
                glDeleteTextures(id);
            }
        }
        loaded.clear();
    }
}
