package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.camera.ThermalCameraDevice;
import io.orrery.world.SensorSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gz-sensors' thermal camera integration test (test/integration/thermal_camera.cc, ImagesWithBuiltinSDF and
 * Images8BitWithBuiltinSDF) re-expressed over its own sensor files and scene
 * ({@code worlds/gz-sensors-tests/thermal_camera.sdf}): an image and a camera info on the test's topics, as many of one
 * as of the other; the left and right pixels of the middle row at the ambient 296 K within the test's ambient range of
 * 4 K and equal; the middle pixel at the box's 310 K within 3 K (16 bits: the range gz-rendering's shader gives a
 * visual) or within one linear resolution, 3 K (8 bits); the same with the box nearer than the near clip; the ambient
 * with the box beyond the far clip. Then what the .cc does not check: the clip to the sensor's range and bad settings.
 */
class ThermalCameraSimulationTests {

    private static final String TOPIC16 = "/test/integration/ThermalCameraPlugin_imagesWithBuiltinSDF/";
    private static final String TOPIC8 = "/test/integration/ThermalCameraPlugin_images8BitWithBuiltinSDF/";
    private static final Path WORLD = Path.of("src/test/resources/worlds/gz-sensors-tests/thermal_camera.sdf");
    private static final String BOX_POSE = "<pose>3 0 0 0 0 0</pose>";

    // thermal_camera.cc's numbers
    private static final double AMBIENT = 296.0;
    private static final double AMBIENT_RANGE = 4.0;
    private static final double BOX = 310.0;
    private static final double BOX_RANGE = 3.0;
    private static final double RESOLUTION_16 = 0.01;
    private static final double RESOLUTION_8 = 3.0;
    private static final double NEAR = 0.1;
    private static final double FAR = 10.0;

    @TempDir
    Path dir;

    @Test
    void imagesWithBuiltinSdf() throws Exception {
        try (DeviceFixture f = new DeviceFixture(WORLD, 3)) {
            List<Image> images = f.record(TOPIC16 + "image", Image.class);
            List<CameraInfo> infos = f.record(TOPIC16 + "camera_info", CameraInfo.class);
            stepAndDraw(f, 2); // the frame of the first step, published at the second

            assertThat(images).hasSize(1);
            assertThat(infos).hasSameSizeAs(images);
            Image image = images.get(0);
            assertThat(image.getWidth()).isEqualTo(256);
            assertThat(image.getHeight()).isEqualTo(256);
            assertThat(image.getStep()).isEqualTo(256 * 2);
            assertThat(image.getPixelFormatType()).isEqualTo(PixelFormatType.L_INT16);
            int[] t = sixteenBit(image);
            int w = image.getWidth();
            int midHeight = image.getHeight() / 2;
            int mid = midHeight * w + w / 2 - 1;
            int left = midHeight * w;
            int right = (midHeight + 1) * w - 1;
            assertThat(t[left] * RESOLUTION_16).isCloseTo(AMBIENT, within(AMBIENT_RANGE));
            assertThat(t[right] * RESOLUTION_16).isCloseTo(AMBIENT, within(AMBIENT_RANGE));
            assertThat(t[right]).isEqualTo(t[left]);
            assertThat(t[mid] * RESOLUTION_16).isCloseTo(BOX, within(BOX_RANGE));

            CameraInfo info = infos.get(0);
            assertThat(info.getHeader().getData(0).getKey()).isEqualTo("frame_id");
            assertThat(info.getDistortion().getModel()).isEqualTo(CameraInfo.Distortion.DistortionModelType.PLUMB_BOB);
            assertThat(info.getDistortion().getKCount()).isEqualTo(5);
            assertThat(info.getIntrinsics().getKCount()).isEqualTo(9);
            assertThat(info.getProjection().getPCount()).isEqualTo(12);
            assertThat(info.getRectificationMatrixCount()).isEqualTo(9);
        }
        // the box nearer than the near clip: the camera still reads it; beyond the far clip: the ambient
        assertThat(middle16(boxAt(0.5 + NEAR * 0.5)) * RESOLUTION_16).isCloseTo(BOX, within(BOX_RANGE));
        assertThat(middle16(boxAt(0.5 + FAR * 1.5)) * RESOLUTION_16).isCloseTo(AMBIENT, within(AMBIENT_RANGE));
    }

    @Test
    void images8BitWithBuiltinSdf() throws Exception {
        try (DeviceFixture f = new DeviceFixture(WORLD, 3)) {
            List<Image> images = f.record(TOPIC8 + "image", Image.class);
            List<CameraInfo> infos = f.record(TOPIC8 + "camera_info", CameraInfo.class);
            stepAndDraw(f, 2);

            assertThat(images).hasSize(1);
            assertThat(infos).hasSameSizeAs(images);
            Image image = images.get(0);
            assertThat(image.getWidth()).isEqualTo(10);
            assertThat(image.getHeight()).isEqualTo(10);
            assertThat(image.getStep()).isEqualTo(10);
            assertThat(image.getPixelFormatType()).isEqualTo(PixelFormatType.L_INT8);
            byte[] t = image.getData().toByteArray();
            int w = image.getWidth();
            int midHeight = image.getHeight() / 2;
            int mid = midHeight * w + w / 2 - 1;
            int left = midHeight * w;
            int right = (midHeight + 1) * w - 1;
            assertThat((t[left] & 0xff) * RESOLUTION_8).isCloseTo(AMBIENT, within(AMBIENT_RANGE));
            assertThat((t[right] & 0xff) * RESOLUTION_8).isCloseTo(AMBIENT, within(AMBIENT_RANGE));
            assertThat(t[right]).isEqualTo(t[left]);
            assertThat((t[mid] & 0xff) * RESOLUTION_8).isCloseTo(BOX, within(RESOLUTION_8));
        }
    }

    /**
     * gz-sim's thermal-sensor system's {@code <min_temp>} and {@code <max_temp>}: a temperature outside is clipped to
     * them, exactly (300 K is 30000 hundredths); without them, the box is 310 K to the hundredth its code holds.
     */
    @Test
    void temperaturesAreClippedToTheSensorsRange() throws Exception {
        assertThat(middle16(Files.readString(WORLD))).isEqualTo(31000);
        String clipped = Files.readString(WORLD)
                .replace(
                        "<topic>/test/integration/ThermalCameraPlugin_imagesWithBuiltinSDF/image</topic>",
                        "<topic>/test/integration/ThermalCameraPlugin_imagesWithBuiltinSDF/image</topic>"
                                + "<plugin filename='gz-sim-thermal-sensor-system'"
                                + " name='gz::sim::systems::ThermalSensor'><min_temp>297</min_temp>"
                                + "<max_temp>300</max_temp></plugin>");
        Path file = dir.resolve("clipped.sdf");
        Files.writeString(file, clipped);
        try (DeviceFixture f = new DeviceFixture(file, 3)) {
            List<Image> images = f.record(TOPIC16 + "image", Image.class);
            stepAndDraw(f, 2);
            int[] t = sixteenBit(images.get(0));
            int w = images.get(0).getWidth();
            int midHeight = images.get(0).getHeight() / 2;
            assertThat(t[midHeight * w + w / 2 - 1]).isEqualTo(30000); // the box, 310 K, clipped to 300
            assertThat(t[midHeight * w]).isEqualTo(29700); // the ambient, 296 K, clipped to 297
        }
    }

    /** gz-sim's thermal_invalid.sdf gives its camera min above max and a resolution of 0: refused, named. */
    @Test
    void badSensorSettingsAreRefusedNamingTheSensor() throws Exception {
        try (DeviceFixture f = new DeviceFixture(WORLD, 3)) {
            DeviceContext context = new DeviceContext(f.spec, f.bus, 3);
            assertThatThrownBy(() -> make(context, "<resolution>0.0</resolution>"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("sensor 'm::link::t': <resolution> must be more than 0 kelvin, got 0.0");
            assertThatThrownBy(() -> make(context, "<min_temp>999</min_temp><max_temp>-590</max_temp>"))
                    .hasMessage("sensor 'm::link::t': <min_temp> 999.0 is above <max_temp> -590.0");
            assertThatThrownBy(() -> make(context, "<max_temp>warm</max_temp>"))
                    .hasMessage("sensor 'm::link::t': <max_temp> must be a number of kelvin, got 'warm'");
        }
    }

    private Device make(DeviceContext context, String inPlugin) throws Exception {
        Path file = dir.resolve("t.sdf");
        Files.writeString(
                file,
                "<sdf version='1.9'><world name='w'><model name='m'><static>true</static><link name='link'>"
                        + "<sensor name='t' type='thermal'><camera><image><width>8</width><height>8</height></image>"
                        + "</camera><plugin filename='gz-sim-thermal-sensor-system'"
                        + " name='gz::sim::systems::ThermalSensor'>" + inPlugin + "</plugin></sensor>"
                        + "</link></model></world></sdf>");
        SensorSpec sensor = new SdfReader(List.of())
                .read(file)
                .models()
                .get(0)
                .links()
                .get(0)
                .sensors()
                .get(0);
        return new ThermalCameraDevice(new Mount("t", "m", "link", sensor), context);
    }

    private String boxAt(double x) throws Exception {
        String text = Files.readString(WORLD);
        assertThat(text).contains(BOX_POSE);
        return text.replace(BOX_POSE, "<pose>" + x + " 0 0 0 0 0</pose>");
    }

    /** The middle pixel (the .cc's index) of the 16-bit camera's first image over the world in {@code text}. */
    private int middle16(String text) throws Exception {
        Path file = dir.resolve("moved.sdf");
        Files.writeString(file, text);
        try (DeviceFixture f = new DeviceFixture(file, 3)) {
            List<Image> images = f.record(TOPIC16 + "image", Image.class);
            stepAndDraw(f, 2);
            int[] t = sixteenBit(images.get(0));
            int w = images.get(0).getWidth();
            return t[images.get(0).getHeight() / 2 * w + w / 2 - 1];
        }
    }

    /** L_INT16 as gz-sensors copies it: little-endian. */
    private static int[] sixteenBit(Image image) {
        byte[] data = image.getData().toByteArray();
        int[] out = new int[data.length / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (data[2 * i] & 0xff) | (data[2 * i + 1] & 0xff) << 8;
        }
        return out;
    }

    private static void stepAndDraw(DeviceFixture f, int steps) throws InterruptedException {
        for (int i = 0; i < steps; i++) {
            f.step(1);
            for (Device d : f.devices.list()) {
                ((ThermalCameraDevice) d).awaitFrames();
            }
        }
    }
}
