package io.orrery.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.CameraInfoProtos.CameraInfo;
import com.gz.msgs.ImageProtos.Image;
import com.gz.msgs.ImageProtos.PixelFormatType;
import io.orrery.device.camera.CameraDevice;
import io.orrery.physics.LinkState;
import io.orrery.render.CameraModel;
import io.orrery.render.RenderCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.render.Renderer;
import io.orrery.render.SegmentationType;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.SensorSpec;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The camera devices of {@code cameras.sdf} against real JBullet physics and the real renderer: Gazebo's topics and
 * pixel formats, their update rate in sim time, gz-sensors' depth and RGB-D readings of the unit box, and an image
 * drawn beside the loop that shows the world as it was at the end of the step it is stamped with, to the bit.
 */
class CameraDevicesSimulationTests {

    private static final String SENSOR = "/world/cameras/model/rig/link/link/sensor/";

    /** gz-sensors' depth_camera.cc and rgbd_camera.cc: their tolerance and the pixels they read (256 × 256). */
    private static final double DEPTH_TOL = 1e-4;

    private static final int MID = 128 * 256 + 128 - 1;
    private static final int LEFT = 128 * 256;
    private static final int RIGHT = 129 * 256 - 1;

    private DeviceFixture f;
    /** Camera threads that were running before this test's world loaded: not its own. */
    private final Set<Thread> elsewhere = Collections.newSetFromMap(new IdentityHashMap<>());

    @BeforeEach
    void load() {
        elsewhere.clear();
        elsewhere.addAll(allCameraThreads()); // an application another test left running in this JVM has its own
        f = DeviceFixture.load("cameras", 7);
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void camerasPublishGazebosImagesOnGazebosTopicsAtTheirRate() throws InterruptedException {
        List<Image> color = f.record(SENSOR + "camera/image", Image.class);
        List<Image> depth = f.record(SENSOR + "depth/depth_image", Image.class);
        List<Image> rgbdColor = f.record("/rgbd/image", Image.class);
        List<Image> rgbdDepth = f.record("/rgbd/depth_image", Image.class);

        stepAndDraw(1001);

        // 10 Hz as gz-sensors: the first frame at the first step (1 ms), then at 0.1 s, 0.2 s ... 1.0 s, each
        // published at the step after it was taken
        for (List<Image> images : List.of(color, depth, rgbdColor, rgbdDepth)) {
            assertThat(images).hasSize(11);
            assertThat(Messages.nanos(images.get(0).getHeader().getStamp())).isEqualTo(1_000_000L);
            assertThat(Messages.nanos(images.get(10).getHeader().getStamp())).isEqualTo(1_000_000_000L);
        }
        Image c = color.get(10);
        assertThat(c.getPixelFormatType()).isEqualTo(PixelFormatType.RGB_INT8);
        assertThat(c.getWidth()).isEqualTo(256);
        assertThat(c.getHeight()).isEqualTo(256);
        assertThat(c.getStep()).isEqualTo(256 * 3);
        assertThat(c.getData().size()).isEqualTo(256 * 256 * 3);
        assertThat(c.getHeader().getData(0).getValue(0)).isEqualTo("rig::link::camera");
        Image d = depth.get(10);
        assertThat(d.getPixelFormatType()).isEqualTo(PixelFormatType.R_FLOAT32);
        assertThat(d.getStep()).isEqualTo(256 * 4);
        assertThat(d.getData().size()).isEqualTo(256 * 256 * 4);
        assertThat(rgbdColor.get(10).getHeader().getData(0).getValue(0)).isEqualTo("rgbd_optical");
        for (Device device : f.devices.list()) {
            assertThat(((CameraDevice) device).framesDropped()).isZero();
        }
    }

    /**
     * gz-sensors' depth_camera.cc and rgbd_camera.cc over their sensors' numbers: the unit box 3 m ahead reads 2.5 m
     * at the middle pixel within their DEPTH_TOL and +inf at the row's ends; the RGB-D camera's middle pixel is the
     * box's blue (ambient 1 × 1: 255), its row's ends the red background exactly.
     */
    @Test
    void depthAndRgbdCamerasReadTheUnitBoxAsGzSensorsDoes() throws InterruptedException {
        List<Image> depth = f.record(SENSOR + "depth/depth_image", Image.class);
        List<Image> rgbdColor = f.record("/rgbd/image", Image.class);
        List<Image> rgbdDepth = f.record("/rgbd/depth_image", Image.class);

        stepAndDraw(2); // the frame of the first step, published at the second

        for (Image image : List.of(depth.get(0), rgbdDepth.get(0))) {
            float[] d = floats(image);
            assertThat((double) d[MID]).isCloseTo(2.5, within(DEPTH_TOL));
            assertThat(d[LEFT]).isEqualTo(Float.POSITIVE_INFINITY);
            assertThat(d[RIGHT]).isEqualTo(Float.POSITIVE_INFINITY);
        }
        byte[] rgb = rgbdColor.get(0).getData().toByteArray();
        assertThat(pixel(rgb, MID)).containsExactly(0, 0, 255);
        assertThat(pixel(rgb, LEFT)).containsExactly(255, 0, 0);
        assertThat(pixel(rgb, RIGHT)).containsExactly(255, 0, 0);
    }

    /**
     * The downward camera watches a box fall. Each image, drawn on the camera's own thread while the loop steps on,
     * equals to the bit the image drawn on this thread from the world as it stood at the end of the step the image is
     * stamped with; and its middle pixel reads the box's top face 6 m − (z + 0.5) below the camera.
     */
    @Test
    void anImageShowsTheWorldAtTheEndOfTheStepItIsStampedWith() throws InterruptedException {
        List<Image> images = f.record(SENSOR + "down/depth_image", Image.class);
        CameraDevice down = (CameraDevice) f.devices.list().stream()
                .filter(d -> d.mount().sensor().name().equals("down"))
                .findFirst()
                .orElseThrow();
        CameraModel model = down.cameraModel();
        Pose pose = down.mount().sensor().pose(); // the rig is static at the origin
        Map<Long, float[]> expected = new HashMap<>();
        Map<Long, Double> tops = new HashMap<>();
        try (Renderer renderer = Renderer.open();
                RenderScene scene = renderer.scene(f.spec);
                RenderCamera camera =
                        renderer.camera(model, EnumSet.of(RenderOutput.DEPTH), SegmentationType.SEMANTIC)) {
            for (int step = 1; step <= 501; step++) {
                stepAndDraw(1);
                if (step != 1 && step % 10 != 0) {
                    continue; // 100 Hz: the first step, then every 10 ms
                }
                scene.update(f.world);
                camera.render(scene, pose);
                float[] image = new float[64 * 64];
                camera.depth().get(image);
                expected.put(f.simTimeNanos(), image);
                LinkState faller =
                        f.world.model("faller").flatMap(m -> m.link("link")).orElseThrow();
                tops.put(f.simTimeNanos(), faller.pose().z() + 0.5);
            }
        }
        // frames of 1 ms, then 10 ms to 500 ms, each published a step later
        assertThat(images).hasSize(51);
        int centre = 32 * 64 + 32;
        for (Image image : images) {
            long stamp = Messages.nanos(image.getHeader().getStamp());
            assertThat(expected).as("a frame at %d ns", stamp).containsKey(stamp);
            float[] got = floats(image);
            assertThat(got).as("the image at %d ns", stamp).isEqualTo(expected.get(stamp));
            assertThat((double) got[centre]).isCloseTo(6 - tops.get(stamp), within(DEPTH_TOL));
        }
        assertThat(3.5 - tops.get(500_000_000L))
                .as("the box fell (½ g t² = 1.2 m in 0.5 s)")
                .isGreaterThan(1.0);
    }

    /**
     * gz-sensors' CameraSensor: a gz.msgs.CameraInfo beside each image, on its topic's parent + {@code /camera_info}
     * (an RGB-D camera's under its topic), stamped as the image, with K from fx = width / (2 tan(hfov / 2)) and the
     * principal point at the centre, P = [K | 0], an identity rectification and five zero plumb-bob coefficients.
     */
    @Test
    void eachImageComesWithGazebosCameraInfo() throws InterruptedException {
        List<Image> color = f.record(SENSOR + "camera/image", Image.class);
        List<CameraInfo> colorInfo = f.record(SENSOR + "camera/camera_info", CameraInfo.class);
        List<CameraInfo> depthInfo = f.record(SENSOR + "depth/camera_info", CameraInfo.class);
        List<CameraInfo> rgbdInfo = f.record("/rgbd/camera_info", CameraInfo.class);

        stepAndDraw(2);

        assertThat(colorInfo).hasSize(1);
        assertThat(depthInfo).hasSize(1);
        assertThat(rgbdInfo).hasSize(1);
        CameraInfo info = colorInfo.get(0);
        assertThat(info.getHeader()).isEqualTo(color.get(0).getHeader());
        assertThat(rgbdInfo.get(0).getHeader().getData(0).getValue(0)).isEqualTo("rgbd_optical");
        double fx = 256 / (2 * Math.tan(1.05 / 2)); // 221.3 px
        assertThat(info.getWidth()).isEqualTo(256);
        assertThat(info.getHeight()).isEqualTo(256);
        assertThat(info.getIntrinsics().getKList()).containsExactly(fx, 0.0, 128.0, 0.0, fx, 128.0, 0.0, 0.0, 1.0);
        assertThat(info.getProjection().getPList())
                .containsExactly(fx, 0.0, 128.0, 0.0, 0.0, fx, 128.0, 0.0, 0.0, 0.0, 1.0, 0.0);
        assertThat(info.getRectificationMatrixList()).containsExactly(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0);
        assertThat(info.getDistortion().getKList()).containsExactly(0.0, 0.0, 0.0, 0.0, 0.0);
        assertThat(depthInfo.get(0).getIntrinsics()).isEqualTo(info.getIntrinsics());
    }

    /**
     * A frame asked for on demand is drawn from the poses when it is asked for, stamped with the time given, and
     * equals a frame the camera sampled at the same instant, to the bit.
     */
    @Test
    void aFrameDrawnOnDemandShowsTheWorldWhenItWasAsked() throws Exception {
        List<Image> sampled = f.record(SENSOR + "down/depth_image", Image.class);
        CameraDevice down = (CameraDevice) f.devices.camera("down");
        stepAndDraw(10); // the frame sampled at 10 ms is drawn; published at the next step
        List<Image> drawn = down.draw(f.world, f.simTimeNanos()).get(30, TimeUnit.SECONDS);
        stepAndDraw(1);

        assertThat(drawn).hasSize(1);
        Image onDemand = drawn.get(0);
        Image atRate = sampled.get(sampled.size() - 1);
        assertThat(Messages.nanos(atRate.getHeader().getStamp())).isEqualTo(10_000_000L);
        assertThat(onDemand.getHeader()).isEqualTo(atRate.getHeader());
        assertThat(onDemand.getData()).isEqualTo(atRate.getData());
        assertThatThrownBy(() -> f.devices.camera("nope"))
                .isInstanceOf(UnknownCameraException.class)
                .hasMessageContaining("rig::link::camera, rig::link::depth, rig::link::rgbd, rig::link::down");
    }

    /** A frame drawn in one episode is never published in the next: after a reset, only the new episode's frames. */
    @Test
    void nothingDrawnBeforeAResetIsPublishedAfterIt() throws InterruptedException {
        List<Image> images = f.record(SENSOR + "camera/image", Image.class);
        stepAndDraw(1); // the first frame is drawn; it would be published at the next step

        f.reset();
        stepAndDraw(2); // the new episode's first frame, published at its second step

        assertThat(images).hasSize(1);
        assertThat(Messages.nanos(images.get(0).getHeader().getStamp())).isEqualTo(1_000_000L);
    }

    @Test
    void closingTheWorldEndsEveryCamerasThread() {
        assertThat(cameraThreads()).hasSize(4);

        f.close();

        assertThat(cameraThreads()).isEmpty();
        f = DeviceFixture.load("cameras", 7); // for the @AfterEach
    }

    @Test
    void aCameraWhoseSettingsCannotBeDrawnIsRefusedNamingTheSetting() throws Exception {
        DeviceContext context = new DeviceContext(f.spec, f.bus, 7);
        SensorSpec l16 = sensor(
                "<sensor name='c' type='camera'><camera><image><format>L16</format></image>" + "</camera></sensor>");
        assertThatThrownBy(() -> new CameraDevice(new Mount("cameras", "rig", "link", l16), context))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sensor 'rig::link::c'")
                .hasMessageContaining("<image><format> L16 is not drawn");
        SensorSpec huge = sensor("<sensor name='c' type='camera'><camera><image><width>9000</width>"
                + "<height>10</height></image></camera></sensor>");
        assertThatThrownBy(() -> new CameraDevice(new Mount("cameras", "rig", "link", huge), context))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 8192 pixels a side");
        SensorSpec fov = sensor(
                "<sensor name='c' type='camera'><camera><horizontal_fov>4</horizontal_fov>" + "</camera></sensor>");
        assertThatThrownBy(() -> new CameraDevice(new Mount("cameras", "rig", "link", fov), context))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("horizontal field of view");
        assertThat(cameraThreads()).as("refused cameras leave no thread").hasSize(4);
    }

    // ---------------------------------------------------------------- helpers

    /**
     * Steps, waiting after each step until the cameras have drawn what it sampled, so that no frame is dropped; a
     * frame is published at the step after the one it was taken at.
     */
    private void stepAndDraw(int steps) throws InterruptedException {
        for (int i = 0; i < steps; i++) {
            f.step(1);
            for (Device d : f.devices.list()) {
                ((CameraDevice) d).awaitFrames();
            }
        }
    }

    private static float[] floats(Image image) {
        FloatBuffer b = ByteBuffer.wrap(image.getData().toByteArray())
                .order(ByteOrder.LITTLE_ENDIAN)
                .asFloatBuffer();
        float[] out = new float[b.remaining()];
        b.get(out);
        return out;
    }

    private static int[] pixel(byte[] rgb, int index) {
        return new int[] {rgb[index * 3] & 255, rgb[index * 3 + 1] & 255, rgb[index * 3 + 2] & 255};
    }

    /** The camera threads of this test's worlds. */
    private List<String> cameraThreads() {
        List<String> names = new ArrayList<>();
        for (Thread t : allCameraThreads()) {
            if (!elsewhere.contains(t)) {
                names.add(t.getName());
            }
        }
        return names;
    }

    private static List<Thread> allCameraThreads() {
        List<Thread> threads = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("orrery-camera-") && t.isAlive()) {
                threads.add(t);
            }
        }
        return threads;
    }

    /** A sensor read by the real reader from a model snippet. */
    private static SensorSpec sensor(String xml) throws Exception {
        Path dir = Files.createTempDirectory("camera");
        Path file = dir.resolve("w.sdf");
        Files.writeString(
                file,
                "<sdf version='1.9'><world name='w'><model name='m'><static>true</static><link name='link'>" + xml
                        + "</link></model></world></sdf>");
        return new io.orrery.world.sdf.SdfReader(List.of())
                .read(file)
                .models()
                .get(0)
                .links()
                .get(0)
                .sensors()
                .get(0);
    }
}
