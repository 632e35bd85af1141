package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.camera.SegmentationCameraDevice;
import io.orrery.render.SegmentationType;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.SensorSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * gz-sensors' segmentation camera integration test (test/integration/segmentation_camera.cc, ImagesWithBuiltinSDF)
 * re-expressed over its own sensor file and scene ({@code worlds/gz-sensors-tests/segmentation_camera.sdf}): the same
 * pixels, read from the label map on {@code <topic>/labels_map} as the test reads it, with its exact expectations (it
 * has no tolerance: labels are equal or not). Its camera sets a background label of 23 through gz-rendering's API,
 * which no SDF element reaches; the sensor as a world gives it has gz-rendering's default, 0, which is what this test
 * expects of the background.
 */
class SegmentationCameraSimulationTests {

    private static final String TOPIC = "/test/integration/SegmentationCameraPlugin_imagesWithBuiltinSDF";
    private static final String PANOPTIC = TOPIC + "_panoptic";

    /** segmentation_camera.cc: its labels. */
    private static final int HIDDEN_LABEL = 4;

    private static final int LEFT_BOX_LABEL = 1;
    private static final int RIGHT_BOX_LABEL = 1;
    private static final int MIDDLE_BOX_LABEL = 2;
    /** gz-rendering's default background label (BaseSegmentationCamera): the SDF cannot set another. */
    private static final int BACKGROUND_LABEL = 0;

    private static final int WIDTH = 320;
    private static final int HEIGHT = 240;
    private static final int CHANNELS = 3;
    // the test's indices: each box's centre projected at 25 %, 75 % and 50 % of the width, half the height
    private static final int LEFT = (int) ((HEIGHT * 0.5 * WIDTH + WIDTH * 0.25) * CHANNELS);
    private static final int RIGHT = (int) ((HEIGHT * 0.5 * WIDTH + WIDTH * 0.75) * CHANNELS);
    private static final int MIDDLE = (int) ((HEIGHT * 0.5 * WIDTH + WIDTH * 0.5) * CHANNELS);
    /** A pixel between two boxes and one below them. */
    private static final int BETWEEN = (120 * WIDTH + 230) * CHANNELS;

    private static final int BELOW = (200 * WIDTH + 280) * CHANNELS;

    private DeviceFixture f;

    @BeforeEach
    void load() {
        f = DeviceFixture.load("gz-sensors-tests/segmentation_camera", 3);
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void semanticLabelsAsGzSensorsReadsThem() throws InterruptedException {
        List<Image> labels = f.record(TOPIC + "/labels_map", Image.class);
        List<CameraInfo> infos = f.record(TOPIC + "/camera_info", CameraInfo.class);

        stepAndDraw(2); // the frame of the first step, published at the second

        assertThat(labels).hasSize(1);
        Image image = labels.get(0);
        assertThat(image.getWidth()).isEqualTo(WIDTH);
        assertThat(image.getHeight()).isEqualTo(HEIGHT);
        assertThat(image.getStep()).isEqualTo(WIDTH * CHANNELS);
        assertThat(image.getPixelFormatType()).isEqualTo(PixelFormatType.RGB_INT8);
        assertThat(image.getHeader().getData(0).getValue(0)).isEqualTo("m1::link1::segmentation_camera");
        assertThat(infos).hasSize(1);
        assertThat(infos.get(0).getWidth()).isEqualTo(WIDTH);
        byte[] buffer = image.getData().toByteArray();

        assertThat(u8(buffer, LEFT)).isEqualTo(LEFT_BOX_LABEL);
        assertThat(u8(buffer, MIDDLE)).isEqualTo(MIDDLE_BOX_LABEL);
        assertThat(u8(buffer, RIGHT)).isEqualTo(RIGHT_BOX_LABEL);

        assertThat(u8(buffer, 0)).isEqualTo(BACKGROUND_LABEL);
        assertThat(u8(buffer, BETWEEN)).isEqualTo(BACKGROUND_LABEL);
        assertThat(u8(buffer, BELOW)).isEqualTo(BACKGROUND_LABEL);

        for (int i = 0; i < buffer.length; i += CHANNELS) {
            assertThat(u8(buffer, i)).as("pixel %d", i / CHANNELS).isNotEqualTo(HIDDEN_LABEL);
            // semantic: the label in all three bytes
            assertThat(u8(buffer, i + 1)).isEqualTo(u8(buffer, i));
            assertThat(u8(buffer, i + 2)).isEqualTo(u8(buffer, i));
        }
    }

    @Test
    void panopticLabelsAndInstanceCountsAsGzSensorsReadsThem() throws InterruptedException {
        List<Image> labels = f.record(PANOPTIC + "/labels_map", Image.class);

        stepAndDraw(2);

        byte[] buffer = labels.get(0).getData().toByteArray();
        int labelOffset = 2;
        assertThat(u8(buffer, LEFT + labelOffset)).isEqualTo(LEFT_BOX_LABEL);
        assertThat(u8(buffer, MIDDLE + labelOffset)).isEqualTo(MIDDLE_BOX_LABEL);
        assertThat(u8(buffer, RIGHT + labelOffset)).isEqualTo(RIGHT_BOX_LABEL);
        // the instance count in the first channel: gz-rendering counts box_right before box_left
        assertThat(u8(buffer, MIDDLE)).isEqualTo(1);
        assertThat(u8(buffer, RIGHT)).isEqualTo(1);
        assertThat(u8(buffer, LEFT)).isEqualTo(2);
        for (int i = 0; i < buffer.length; i += CHANNELS) {
            assertThat(u8(buffer, i)).as("pixel %d", i / CHANNELS).isNotEqualTo(HIDDEN_LABEL);
        }
    }

    /**
     * The coloured maps, which the .cc leaves to do: each label (semantic) or label and instance (panoptic) in the
     * colour gz-rendering gives it, black for the background. The colours are what GCC's libstdc++
     * {@code std::default_random_engine} seeded with the id draws from {@code uniform_int_distribution<int>(0, 255)},
     * printed by a C++ program built with g++ on this machine: id 1 → (0, 33, 193), 2 → (0, 67, 130),
     * 65537 → (131, 151, 27), 65538 → (131, 185, 220), 131073 → (6, 13, 116).
     */
    @Test
    void colouredMapsGiveEachLabelAndInstanceGazebosColour() throws InterruptedException {
        List<Image> semantic = f.record(TOPIC + "/colored_map", Image.class);
        List<Image> panoptic = f.record(PANOPTIC + "/colored_map", Image.class);

        stepAndDraw(2);

        byte[] s = semantic.get(0).getData().toByteArray();
        assertThat(rgb(s, LEFT)).containsExactly(0, 33, 193);
        assertThat(rgb(s, RIGHT)).containsExactly(0, 33, 193);
        assertThat(rgb(s, MIDDLE)).containsExactly(0, 67, 130);
        assertThat(rgb(s, 0)).containsExactly(0, 0, 0);
        assertThat(rgb(s, BETWEEN)).containsExactly(0, 0, 0);
        byte[] p = panoptic.get(0).getData().toByteArray();
        assertThat(rgb(p, RIGHT)).containsExactly(131, 151, 27); // label 1, instance 1
        assertThat(rgb(p, LEFT)).containsExactly(131, 185, 220); // label 1, instance 2
        assertThat(rgb(p, MIDDLE)).containsExactly(6, 13, 116); // label 2, instance 1
        assertThat(rgb(p, BELOW)).containsExactly(0, 0, 0);
    }

    /** The camera's interface: the coloured map is what a look shows; on demand, the label map then the coloured. */
    @Test
    void aFrameOnDemandIsTheLabelMapThenTheColouredMapOfTheSampledFrame() throws Exception {
        List<Image> labels = f.record(PANOPTIC + "/labels_map", Image.class);
        List<Image> colored = f.record(PANOPTIC + "/colored_map", Image.class);
        SegmentationCameraDevice camera = (SegmentationCameraDevice) f.devices.camera("segmentation_camera_panoptic");
        assertThat(camera.segmentationType()).isEqualTo(SegmentationType.PANOPTIC);
        assertThat(camera.colorTopic()).contains(PANOPTIC + "/colored_map");
        assertThat(camera.depthTopic()).isEmpty();

        stepAndDraw(1);
        List<Image> demanded = camera.draw(f.world, f.simTimeNanos()).get();
        stepAndDraw(1);

        assertThat(demanded).hasSize(2);
        assertThat(Messages.nanos(demanded.get(0).getHeader().getStamp())).isEqualTo(1_000_000L);
        assertThat(demanded.get(0).getData()).isEqualTo(labels.get(0).getData());
        assertThat(demanded.get(1).getData()).isEqualTo(colored.get(0).getData());
    }

    @Test
    void anUnknownSegmentationTypeIsRefusedNamingTheChoices() throws Exception {
        DeviceContext context = new DeviceContext(f.spec, f.bus, 3);
        String xml = "<sensor name='s' type='segmentation'><camera><segmentation_type>depth</segmentation_type>"
                + "</camera></sensor>";
        SensorSpec sensor = sensor(xml);
        assertThatThrownBy(() ->
                        new SegmentationCameraDevice(new Mount("segmentation_camera", "m1", "link1", sensor), context))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("<segmentation_type> must be semantic, panoptic or instance, got 'depth'");
    }

    private void stepAndDraw(int steps) throws InterruptedException {
        for (int i = 0; i < steps; i++) {
            f.step(1);
            for (Device d : f.devices.list()) {
                ((SegmentationCameraDevice) d).awaitFrames();
            }
        }
    }

    /** A sensor read by the real reader from a link snippet. */
    private static SensorSpec sensor(String xml) throws Exception {
        Path file = Files.createTempDirectory("segmentation").resolve("w.sdf");
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

    private static int u8(byte[] b, int i) {
        return b[i] & 0xff;
    }

    private static int[] rgb(byte[] b, int i) {
        return new int[] {u8(b, i), u8(b, i + 1), u8(b, i + 2)};
    }
}
