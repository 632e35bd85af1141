package io.orrery.render;

import java.util.Objects;

/**
 * How a renderer starts and what it takes.
 *
 * @param eglLibrary the EGL library to load ({@code libEGL.so.1}, glvnd's, on Linux), or empty for LWJGL's default;
 *     the first renderer of a process loads it, the others must name the same
 * @param maxImagePixels the most pixels one camera image may have (width × height)
 * @param maxImageSide the longest side of a camera image, in pixels (further bounded by the driver's own limit)
 * @param maxTexturePixels the most pixels one texture (an albedo map) may have; a larger one is drawn without it
 * @param maxTextureBytes the largest texture file, in bytes; a larger one is drawn without it
 */
public record RenderSettings(
        String eglLibrary, long maxImagePixels, int maxImageSide, long maxTexturePixels, long maxTextureBytes) {

    /** 8,192 × 8,192 at most and 16.8 megapixels (a 4K camera has 8.3); textures up to 4,096² and 64 MiB. */
    public static final RenderSettings DEFAULT =
            new RenderSettings(defaultLibrary(), 16_777_216L, 8192, 16_777_216L, 64L * 1024 * 1024);

    public RenderSettings {
        Objects.requireNonNull(eglLibrary, "eglLibrary");
        if (maxImagePixels < 1 || maxImageSide < 1 || maxTexturePixels < 1 || maxTextureBytes < 1) {
            throw new IllegalArgumentException("render limits must be at least 1");
        }
    }

    /** The same settings loading EGL from another library. */
    public RenderSettings withEglLibrary(String library) {
        return new RenderSettings(library, maxImagePixels, maxImageSide, maxTexturePixels, maxTextureBytes);
    }

    /** glvnd's EGL on Linux (what libegl1 installs), so that no development symlink is needed; LWJGL's default else. */
    private static String defaultLibrary() {
        return System.getProperty("os.name", "")
                        .toLowerCase(java.util.Locale.ROOT)
                        .contains("linux")
                ? "libEGL.so.1"
                : "";
    }
}
