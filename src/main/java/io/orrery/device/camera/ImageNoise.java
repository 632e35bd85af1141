package io.orrery.device.camera;

import com.google.protobuf.ByteString;
import io.orrery.noise.Noise;
import java.nio.ByteBuffer;

/**
 * gz-sensors' image noise (ImageGaussianNoiseModel) on the CPU: to each colour channel, as a value in 0..1, a draw of
 * the frame's noise, clamped to 0..1 and stored as round(255 × value); to each finite depth, in metres, a draw of its
 * own. Pixels in order, channels in order, so a frame's noise depends on its seed alone.
 */
final class ImageNoise {

    private ImageNoise() {}

    /** The colour bytes with noise, copied out of the camera's buffer. */
    static ByteString color(ByteBuffer rgb, Noise noise) {
        if (!noise.isOn()) {
            return ByteString.copyFrom(rgb);
        }
        byte[] out = new byte[rgb.remaining()];
        rgb.duplicate().get(out);
        for (int i = 0; i < out.length; i++) {
            double v = noise.apply((out[i] & 0xff) / 255.0);
            out[i] = (byte) Math.round(255 * Math.max(0, Math.min(1, v)));
        }
        return ByteString.copyFrom(out);
    }

    /** Adds noise to the finite depths of {@code depth} (little-endian floats, from 0 to its limit), in place. */
    static void depth(ByteBuffer depth, Noise noise) {
        if (!noise.isOn()) {
            return;
        }
        for (int i = 0; i + Float.BYTES <= depth.limit(); i += Float.BYTES) {
            float d = depth.getFloat(i);
            if (Float.isFinite(d)) {
                depth.putFloat(i, (float) noise.apply(d));
            }
        }
    }
}
