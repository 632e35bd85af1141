package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gz-sensors' camera integration tests (test/integration/depth_camera.cc, rgbd_camera.cc and camera.cc), re-expressed
 * over the renderer: their scenes (a unit box in front of a camera at the origin, their materials and ambient light,
 * no other light), their sensors' numbers (test/sdf/depth_camera_sensor_builtin.sdf and rgbd_camera_sensor_builtin.sdf:
 * 256 × 256, horizontal_fov 1.05, clip 0.1 to 10; camera_intrinsics.sdf: 1000 × 1000, 1.0472, clip 0.1 to 100), the
 * pixels they read and their tolerances (DEPTH_TOL 1e-4, DOUBLE_TOL 1e-6). Where a test checks only "more than 0",
 * this one also checks the value Orrery's lighting model predicts for it (docs/cameras.md).
 */
class GzSensorsCameraTests {

    /** depth_camera.cc and rgbd_camera.cc: the depth at the middle pixel. */
    static final double DEPTH_TOL = 1e-4;

    /** depth_camera.cc: every pixel of the box that fills the frame. */
    static final double DOUBLE_TOL = 1e-6;

    /** depth_camera_sensor_builtin.sdf and rgbd_camera_sensor_builtin.sdf, their camera. */
    static final CameraModel BUILTIN = CameraModel.of(256, 256, 1.05, 0.1, 10.0);

    static final double UNIT_BOX = 1.0;

    static Renderer renderer;

    @TempDir
    static Path dir;

    @BeforeAll
    static void open() {
        renderer = Renderer.open();
    }

    @AfterAll
    static void close() {
        renderer.close();
    }

    /** The pixels both tests read: the middle one (their {@code mid}, a pixel left of centre) and the row's ends. */
    static final int MID_ROW = BUILTIN.height() / 2;

    static final int MID = MID_ROW * BUILTIN.width() + BUILTIN.width() / 2 - 1;
    static final int LEFT = MID_ROW * BUILTIN.width();
    static final int RIGHT = (MID_ROW + 1) * BUILTIN.width() - 1;

    /**
     * depth_camera.cc, ImagesWithBuiltinSDF: the blue unit box 3 m ahead reads 2.5 m in the middle and +inf at the
     * row's ends; nearer than the near clip it reads −inf, beyond the far clip +inf; 0.2 m ahead it fills the frame
     * and every pixel reads 0.2 m.
     */
    @Test
    void depthCameraSeesTheUnitBoxAtItsDistance() {
        String blue = "<material><ambient>0 0 0.3 1</ambient><diffuse>0 0 0.8 1</diffuse>"
                + "<specular>0.5 0.5 0.5 1</specular></material>";
        String scene = "<scene><ambient>0.3 0.3 0.3 1</ambient></scene>";
        float[] depth = depth(boxAt(3.0, blue, scene));

        assertThat((double) depth[MID]).isCloseTo(3.0 - UNIT_BOX / 2, within(DEPTH_TOL));
        assertThat(depth[LEFT]).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(depth[RIGHT]).isEqualTo(Float.POSITIVE_INFINITY);

        float[] near = depth(boxAt(UNIT_BOX / 2 + BUILTIN.near() / 2, blue, scene));
        assertThat(near[MID]).isEqualTo(Float.NEGATIVE_INFINITY);

        float[] far = depth(boxAt(UNIT_BOX / 2 + BUILTIN.far() * 1.5, blue, scene));
        assertThat(far[MID]).isEqualTo(Float.POSITIVE_INFINITY);

        double fill = UNIT_BOX / 2 + 0.2;
        float[] filled = depth(boxAt(fill, blue, scene));
        for (int i = 0; i < filled.length; i++) {
            assertThat((double) filled[i]).as("pixel %d", i).isCloseTo(fill - UNIT_BOX / 2, within(DOUBLE_TOL));
        }
    }

    /**
     * rgbd_camera.cc, ImagesWithBuiltinSDF: blue ambient light (0 0 1) on a box whose ambient and diffuse are blue,
     * over a red background. The middle pixel is blue (gz-sensors: red and green 0, blue above 0; the lighting model:
     * ambient 1 × 1, so 255) at 2.5 m; the row's ends are the background, exactly 255 0 0, at +inf. Nearer than the
     * near clip, the box is not drawn at all: every pixel is the background and −inf.
     */
    @Test
    void rgbdCameraSeesTheBlueBoxOverTheRedBackground() {
        String blue = "<material><ambient>0 0 1 1</ambient><diffuse>0 0 1 1</diffuse></material>";
        String scene = "<scene><ambient>0 0 1 1</ambient><background>1 0 0 1</background></scene>";

        try (RenderScene world = renderer.scene(boxAt(3.0, blue, scene));
                RenderCamera camera = renderer.camera(
                        BUILTIN, EnumSet.of(RenderOutput.COLOR, RenderOutput.DEPTH), SegmentationType.SEMANTIC)) {
            camera.render(world, Pose.IDENTITY);
            ByteBuffer rgb = camera.color();
            FloatBuffer depth = camera.depth();

            assertThat((double) depth.get(MID)).isCloseTo(2.5, within(DEPTH_TOL));
            assertThat(depth.get(LEFT)).isEqualTo(Float.POSITIVE_INFINITY);
            assertThat(depth.get(RIGHT)).isEqualTo(Float.POSITIVE_INFINITY);
            assertThat(pixel(rgb, MID)).containsExactly(0, 0, 255);
            assertThat(pixel(rgb, LEFT)).containsExactly(255, 0, 0);
            assertThat(pixel(rgb, RIGHT)).containsExactly(255, 0, 0);
        }

        try (RenderScene world = renderer.scene(boxAt(UNIT_BOX / 2 + BUILTIN.near() / 2, blue, scene));
                RenderCamera camera = renderer.camera(
                        BUILTIN, EnumSet.of(RenderOutput.COLOR, RenderOutput.DEPTH), SegmentationType.SEMANTIC)) {
            camera.render(world, Pose.IDENTITY);
            ByteBuffer rgb = camera.color();
            FloatBuffer depth = camera.depth();
            for (int i = 0; i < BUILTIN.width() * BUILTIN.height(); i++) {
                assertThat(depth.get(i)).as("depth %d", i).isEqualTo(Float.NEGATIVE_INFINITY);
                assertThat(pixel(rgb, i)).as("pixel %d", i).containsExactly(255, 0, 0);
            }
        }
    }

    /**
     * camera.cc, CameraIntrinsics (camera_intrinsics.sdf): white ambient light on a unit box at (4, 1, 0.5) whose
     * ambient is 0 0 0.3 and diffuse 0 0 0.8, no other light. Every camera sees only blue (red and green sums 0,
     * blue's above 0), and the camera with other intrinsics (fx = fy = 900, cx = cy = 501) sees a different blue sum.
     * gz-sensors also finds the image with intrinsics given as 866.23 equal to the one from the field of view (its
     * fx is 866.025); here the same intrinsics given explicitly give the same bytes, and the box's every pixel is
     * its ambient colour (0.3 × 255 = 76.5, so 76 or 77).
     */
    @Test
    void cameraIntrinsicsChangeTheImageAsGzSensorsFinds() {
        // gz-rendering's scene has a black background unless told otherwise; SDF's default is grey
        String scene = "<scene><ambient>1 1 1 1</ambient><background>0 0 0 1</background></scene>";
        String blue = "<material><ambient>0 0 0.3 1</ambient><diffuse>0 0 0.8 1</diffuse>"
                + "<specular>0.5 0.5 0.5 1</specular></material>";
        WorldSpec world = Worlds.read(dir, "intrinsics", Worlds.box("box", "4 1 0.5 0 0 0", "1 1 1", blue) + scene);
        CameraModel fromFov = CameraModel.of(1000, 1000, 1.0472, 0.1, 100);
        CameraModel explicit = fromFov.withIntrinsics(fromFov.fx(), fromFov.fy(), 500, 500);
        CameraModel other = fromFov.withIntrinsics(900, 900, 501, 501);

        byte[] first = color(world, fromFov);
        byte[] second = color(world, explicit);
        byte[] third = color(world, other);

        assertThat(second).isEqualTo(first);
        long[] sums1 = sums(first);
        long[] sums3 = sums(third);
        assertThat(sums1[0]).isZero();
        assertThat(sums1[1]).isZero();
        assertThat(sums1[2]).isPositive();
        assertThat(sums3[0]).isZero();
        assertThat(sums3[1]).isZero();
        assertThat(sums3[2]).isPositive().isNotEqualTo(sums1[2]);
        for (int i = 2; i < first.length; i += 3) {
            assertThat(first[i] & 255).as("blue of pixel %d", i / 3).isIn(0, 76, 77);
        }
    }

    // ---------------------------------------------------------------- helpers

    static WorldSpec boxAt(double x, String material, String scene) {
        return Worlds.read(dir, "box", Worlds.box("box", x + " 0 0 0 0 0", "1 1 1", material) + scene);
    }

    static float[] depth(WorldSpec world) {
        return RendererTests.depth(renderer, world, BUILTIN);
    }

    static byte[] color(WorldSpec world, CameraModel model) {
        try (RenderScene scene = renderer.scene(world);
                RenderCamera camera =
                        renderer.camera(model, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
            camera.render(scene, Pose.IDENTITY);
            return CameraGeometryTests.bytes(camera.color());
        }
    }

    static int[] pixel(ByteBuffer rgb, int index) {
        return new int[] {rgb.get(index * 3) & 255, rgb.get(index * 3 + 1) & 255, rgb.get(index * 3 + 2) & 255};
    }

    static long[] sums(byte[] rgb) {
        long[] sums = new long[3];
        for (int i = 0; i < rgb.length; i++) {
            sums[i % 3] += rgb[i] & 255;
        }
        return sums;
    }
}
