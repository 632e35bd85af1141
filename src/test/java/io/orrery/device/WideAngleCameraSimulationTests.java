package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.camera.WideAngleCameraDevice;
import io.orrery.world.SensorSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gz-sensors' wide-angle camera integration test (test/integration/wide_angle_camera.cc, ImagesWithBuiltinSDF)
 * re-expressed over its own sensor file and scene ({@code worlds/gz-sensors-tests/wide_angle_camera.sdf}): a 320 × 240
 * image and a camera info on the test's topics, as many of one as of the other, and the blue box in the image's
 * middle (its blue above its red and green: the test has no tolerance). Then what the .cc does not check: the camera
 * info gz-sensors fills from SDF alone, the stamps, the noise seeded as every camera's, and lenses refused clearly.
 */
class WideAngleCameraSimulationTests {

    private static final String TOPIC = "/test/integration/WideAngleCamera_imagesWithBuiltinSDF/";
    private static final Path WORLD = Path.of("src/test/resources/worlds/gz-sensors-tests/wide_angle_camera.sdf");
    private static final int WIDTH = 320;
    private static final int HEIGHT = 240;
    private static final int CHANNELS = 3;

    @TempDir
    Path dir;

    @Test
    void imagesWithBuiltinSdfAsGzSensorsReadsThem() throws InterruptedException {
        try (DeviceFixture f = DeviceFixture.load("gz-sensors-tests/wide_angle_camera", 3)) {
            List<Image> images = f.record(TOPIC + "image", Image.class);
            List<CameraInfo> infos = f.record(TOPIC + "camera_info", CameraInfo.class);
            WideAngleCameraDevice camera = (WideAngleCameraDevice) f.devices.camera("camera");
            assertThat(camera.cameraModel().width()).isEqualTo(WIDTH);
            assertThat(camera.cameraModel().height()).isEqualTo(HEIGHT);

            stepAndDraw(f, 2); // the frame of the first step, published at the second

            assertThat(images).hasSize(1);
            assertThat(infos).hasSameSizeAs(images);
            Image image = images.get(0);
            assertThat(image.getWidth()).isEqualTo(WIDTH);
            assertThat(image.getHeight()).isEqualTo(HEIGHT);
            assertThat(image.getStep()).isEqualTo(WIDTH * CHANNELS);
            assertThat(image.getPixelFormatType()).isEqualTo(PixelFormatType.RGB_INT8);
            byte[] buffer = image.getData().toByteArray();
            // the test's index: half the height's rows and half a row in
            int step = WIDTH * CHANNELS;
            int mid = (int) (HEIGHT / 2.0 * step + step / 2.0);
            int r = buffer[mid] & 0xff;
            int g = buffer[mid + 1] & 0xff;
            int b = buffer[mid + 2] & 0xff;
            assertThat(b).isGreaterThan(g);
            assertThat(b).isGreaterThan(r);
        }
    }

    /**
     * gz-sensors fills a wide-angle camera's info from SDF without the pinhole camera's update (a lens has no pinhole
     * intrinsics): sdformat's defaults, fx = fy = 277, cx = 160, cy = 120, when the file gives no intrinsics.
     */
    @Test
    void theCameraInfoIsSdfsAsGzSensorsFillsItAndStampedAsTheImage() throws InterruptedException {
        try (DeviceFixture f = DeviceFixture.load("gz-sensors-tests/wide_angle_camera", 3)) {
            List<Image> images = f.record(TOPIC + "image", Image.class);
            List<CameraInfo> infos = f.record(TOPIC + "camera_info", CameraInfo.class);

            stepAndDraw(f, 2);

            CameraInfo info = infos.get(0);
            assertThat(info.getWidth()).isEqualTo(WIDTH);
            assertThat(info.getHeight()).isEqualTo(HEIGHT);
            assertThat(info.getIntrinsics().getKList())
                    .containsExactly(277.0, 0.0, 160.0, 0.0, 277.0, 120.0, 0.0, 0.0, 1.0);
            assertThat(info.getProjection().getPList())
                    .containsExactly(277.0, 0.0, 160.0, 0.0, 0.0, 277.0, 120.0, 0.0, 0.0, 0.0, 1.0, 0.0);
            assertThat(info.getDistortion().getKList()).containsExactly(0.0, 0.0, 0.0, 0.0, 0.0);
            assertThat(info.getHeader()).isEqualTo(images.get(0).getHeader());
            assertThat(images.get(0).getHeader().getStamp().getNsec()).isEqualTo(1_000_000);
            assertThat(images.get(0).getHeader().getData(0).getValue(0)).isEqualTo("m1::link1::camera");
        }
    }

    /**
     * {@code <camera><noise>}: gz-sensors' image noise, seeded from the run as every camera's. Over the box's face (one
     * colour, its blue about 77 of 255, far from the clamps), the noisy blue less the same frame's without noise has
     * the mean and standard deviation of N(0, σ) plus rounding to 1/255, within four standard errors (σ / √n and
     * σ / √(2n) over n samples); the same seed gives the same bytes, another seed others.
     */
    @Test
    void noiseIsGzSensorsImageNoiseSeededFromTheRun() throws Exception {
        double sigma = 0.02;
        String text = Files.readString(WORLD)
                .replace(
                        "<horizontal_fov>3.05</horizontal_fov>",
                        "<horizontal_fov>3.05</horizontal_fov><noise><type>gaussian</type><mean>0</mean><stddev>"
                                + sigma + "</stddev></noise>");
        Path noisy = dir.resolve("noisy.sdf");
        Files.writeString(noisy, text);
        byte[] a = firstImage(noisy, 7);
        byte[] again = firstImage(noisy, 7);
        byte[] other = firstImage(noisy, 8);
        assertThat(again).isEqualTo(a);
        assertThat(other).isNotEqualTo(a);
        byte[] clean = firstImage(WORLD, 7);

        // the centre 30 × 30 pixels see only the box's face: a radius of 21 px, the face reaching 32 (θ = 0.32 rad)
        double sum = 0;
        double squares = 0;
        int n = 0;
        for (int v = HEIGHT / 2 - 15; v < HEIGHT / 2 + 15; v++) {
            for (int u = WIDTH / 2 - 15; u < WIDTH / 2 + 15; u++) {
                int blue = (v * WIDTH + u) * CHANNELS + 2;
                double e = ((a[blue] & 0xff) - (clean[blue] & 0xff)) / 255.0;
                sum += e;
                squares += e * e;
                n++;
            }
        }
        double mean = sum / n;
        double sd = Math.sqrt(squares / n - mean * mean);
        double expected = Math.sqrt(sigma * sigma + 1 / (12.0 * 255 * 255));
        assertThat(mean).isCloseTo(0, within(4 * expected / Math.sqrt(n)));
        assertThat(sd).isCloseTo(expected, within(4 * expected / Math.sqrt(2.0 * n)));
    }

    private static byte[] firstImage(Path world, long seed) throws InterruptedException {
        try (DeviceFixture f = new DeviceFixture(world, seed)) {
            List<Image> images = f.record(TOPIC + "image", Image.class);
            stepAndDraw(f, 2);
            return images.get(0).getData().toByteArray();
        }
    }

    @Test
    void aLensThatCannotBeDrawnIsRefusedNamingWhatIsAllowed() throws Exception {
        try (DeviceFixture f = DeviceFixture.load("gz-sensors-tests/wide_angle_camera", 3)) {
            DeviceContext context = new DeviceContext(f.spec, f.bus, 3);
            assertThatThrownBy(() -> make(context, "<lens><type>fisheye</type></lens>"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("sensor 'm::link::w': <lens><type> must be one of gnomonical, stereographic,"
                            + " equidistant, equisolid_angle, orthographic, custom, got 'fisheye'");
            assertThatThrownBy(() -> make(
                            context,
                            "<lens><type>custom</type><custom_function><fun>cos</fun></custom_function></lens>"))
                    .hasMessageContaining("<fun> must be sin, tan or id, got 'cos'");
            assertThatThrownBy(() -> make(context, "<lens><env_texture_size>4096</env_texture_size></lens>"))
                    .hasMessageContaining("<lens><env_texture_size> must be from 1 to 2048 pixels, got 4096");
            assertThatThrownBy(() -> make(context, "<horizontal_fov>7</horizontal_fov>"))
                    .hasMessageContaining("above 0 and at most 2π, got 7.0");
        }
    }

    private Device make(DeviceContext context, String inCamera) throws Exception {
        SensorSpec sensor =
                sensor("<sensor name='w' type='wideanglecamera'><camera>" + inCamera + "</camera></sensor>");
        return new WideAngleCameraDevice(new Mount("w", "m", "link", sensor), context);
    }

    private static void stepAndDraw(DeviceFixture f, int steps) throws InterruptedException {
        for (int i = 0; i < steps; i++) {
            f.step(1);
            for (Device d : f.devices.list()) {
                ((WideAngleCameraDevice) d).awaitFrames();
            }
        }
    }

    /** A sensor read by the real reader from a link snippet. */
    private SensorSpec sensor(String xml) throws Exception {
        Path file = dir.resolve("w.sdf");
        Files.writeString(
                file,
                "<sdf version='1.9'><world name='w'><model name='m'><static>true</static><link name='link'>" + xml
                        + "</link></model></world></sdf>");
        return new SdfReader(List.of())
                .read(file)
                .models()
                .get(0)
                .links()
                .get(0)
                .sensors()
                .get(0);
    }
}
