package io.orrery.app;

import com.google.protobuf.ByteString;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Colour images as PNG, through the JDK's own encoder. */
final class Png {

    private Png() {}

    /** An RGB image of 3 bytes a pixel, row 0 at the top, as a PNG. */
    static byte[] rgb(int width, int height, ByteString rgb) {
        if (rgb.size() != width * height * 3) {
            throw new IllegalArgumentException("an RGB image of " + width + " x " + height + " has "
                    + width * height * 3 + " bytes, not " + rgb.size());
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
        rgb.copyTo(bgr, 0);
        for (int i = 0; i < bgr.length; i += 3) {
            byte r = bgr[i];
            bgr[i] = bgr[i + 2];
            bgr[i + 2] = r;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(width * height);
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException("the PNG encoder failed", e);
        }
        return out.toByteArray();
    }
}
