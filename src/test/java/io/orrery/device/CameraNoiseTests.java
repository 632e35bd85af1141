package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.ImageProtos.Image;
import io.orrery.device.camera.CameraDevice;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code <camera><noise>} as gz-sensors' gaussian image noise, over {@code camera_noise.sdf} (a wall that reads 0.4 in
 * every channel and 2 m of depth at every pixel): each frame's samples have the configured mean and standard
 * deviation, the noise is seeded from the run (the same seed gives the same frames, another seed others, and a reset
 * repeats an episode), and frames differ from each other.
 */
class CameraNoiseTests {

    private static final String SENSOR = "/world/camera_noise/model/rig/link/link/sensor/";

    /** N = 64 × 64 × 3 channel samples; 12,288 of them. */
    private static final int SAMPLES = 64 * 64 * 3;

    @Test
    void colourNoiseHasItsMeanAndStandardDeviation() throws InterruptedException {
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 7)) {
            List<Image> images = f.record(SENSOR + "camera/image", Image.class);
            stepAndDraw(f, 2);
            byte[] rgb = images.get(0).getData().toByteArray();
            assertThat(rgb).hasSize(SAMPLES);
            double sum = 0;
            double squares = 0;
            for (byte b : rgb) {
                double v = (b & 0xff) - 102; // the noiseless 0.4, stored as 102 of 255
                sum += v;
                squares += v * v;
            }
            double mean = sum / SAMPLES;
            double sd = Math.sqrt(squares / SAMPLES - mean * mean);
            // stddev 0.05 is 12.75 of 255; rounding to whole levels adds 1/12 to the variance (12.753). Bounds of
            // four standard errors: the mean's σ/√N = 0.115, the deviation's σ/√(2N) = 0.081.
            double sigma = Math.sqrt(12.75 * 12.75 + 1.0 / 12);
            assertThat(Math.abs(mean)).as("mean offset from 102").isLessThan(4 * sigma / Math.sqrt(SAMPLES));
            assertThat(Math.abs(sd - sigma)).as("standard deviation").isLessThan(4 * sigma / Math.sqrt(2.0 * SAMPLES));
        }
    }

    @Test
    void depthNoiseHasItsMeanAndStandardDeviation() throws InterruptedException {
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 7)) {
            List<Image> images = f.record(SENSOR + "depth/depth_image", Image.class);
            stepAndDraw(f, 2);
            ByteBuffer b = images.get(0).getData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            int n = 64 * 64;
            double sum = 0;
            double squares = 0;
            for (int i = 0; i < n; i++) {
                double v = b.getFloat(i * 4) - 2.0; // the wall's near face, 2 m along the optical axis
                sum += v;
                squares += v * v;
            }
            double mean = sum / n;
            double sd = Math.sqrt(squares / n - mean * mean);
            // stddev 0.01 m; float rounding at 2 m (2.4e-7 m) is negligible. Four standard errors, as above.
            assertThat(Math.abs(mean)).isLessThan(4 * 0.01 / Math.sqrt(n));
            assertThat(Math.abs(sd - 0.01)).isLessThan(4 * 0.01 / Math.sqrt(2.0 * n));
        }
    }

    @Test
    void noiseIsSeededFromTheRunAndRepeatsAfterAReset() throws InterruptedException {
        List<Image> first;
        List<Image> again;
        List<Image> other;
        List<Image> afterReset;
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 7)) {
            first = f.record(SENSOR + "camera/image", Image.class);
            stepAndDraw(f, 3);
            f.reset();
            stepAndDraw(f, 3);
        }
        assertThat(first).as("two frames an episode, two episodes").hasSize(4);
        afterReset = first.subList(2, 4);
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 7)) {
            again = f.record(SENSOR + "camera/image", Image.class);
            stepAndDraw(f, 3);
        }
        try (DeviceFixture f = DeviceFixture.load("camera_noise", 8)) {
            other = f.record(SENSOR + "camera/image", Image.class);
            stepAndDraw(f, 3);
        }
        assertThat(first.get(0).getData()).isNotEqualTo(first.get(1).getData()); // each frame draws its own
        assertThat(again.get(0).getData()).isEqualTo(first.get(0).getData());
        assertThat(again.get(1).getData()).isEqualTo(first.get(1).getData());
        assertThat(afterReset.get(0).getData()).isEqualTo(first.get(0).getData());
        assertThat(afterReset.get(1).getData()).isEqualTo(first.get(1).getData());
        assertThat(other.get(0).getData()).isNotEqualTo(first.get(0).getData());
    }

    /** Steps, letting each camera draw what the step sampled (published at the next step). */
    private static void stepAndDraw(DeviceFixture f, int steps) throws InterruptedException {
        for (int i = 0; i < steps; i++) {
            f.step(1);
            for (Device d : f.devices.list()) {
                ((CameraDevice) d).awaitFrames();
            }
        }
    }
}
