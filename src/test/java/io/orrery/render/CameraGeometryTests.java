package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Depth, coverage and segmentation, rendered with Mesa's llvmpipe and compared with rays cast through each pixel's
 * centre ({@link RayCast}): the depth camera's values, the pixels a box covers, the label of every pixel.
 */
class CameraGeometryTests {

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

    /**
     * The depth image holds the eye-frame depth written as a 32-bit float (linear; not the depth buffer's value), so
     * its own resolution at depth D is one unit in the last place of D as a float, 2^(⌊log2 D⌋ − 23): 0.24 µm at 3 m,
     * 3.8 µm at 40 m. Every pixel must be within 1 mm plus that.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0.25, 1.5, 3, 7.3, 40})
    void aDepthCameraFacingAPlaneReadsItsDistanceAtEveryPixel(double distance) {
        // the camera turned and lifted, so the view transform is exercised; the wall square to its axis
        Pose camera = Pose.of(1, -2, 1.5, 0, 0.3, 0.7);
        Pose wall = camera.compose(Pose.translation(distance + 0.05, 0, 0));
        WorldSpec world = Worlds.read(dir, "wall", Worlds.box("wall", poseText(wall), "0.1 200 200", ""));
        CameraModel model = CameraModel.of(160, 120, 1.2, 0.1, 100);

        float[] depth = depth(world, model, camera);

        double bound = 1e-3 + Math.ulp((float) distance);
        for (int i = 0; i < depth.length; i++) {
            assertThat((double) depth[i]).as("pixel %d", i).isCloseTo(distance, within(bound));
        }
    }

    @Test
    void depthIsMinusInfinityNearerThanTheNearClipAndPlusInfinityBeyondTheFarClipOrWhereNothingIs() {
        CameraModel model = CameraModel.of(64, 48, 1.2, 0.5, 10);
        // a wall 9.5 m ahead: inside the far clip along the axis, beyond it (by range, as gz-sensors) at the corners
        WorldSpec far = Worlds.read(dir, "far", Worlds.box("wall", "9.55 0 0 0 0 0", "0.1 200 200", ""));
        float[] depth = depth(far, model, Pose.IDENTITY);
        int finite = 0;
        int infinite = 0;
        for (int v = 0; v < model.height(); v++) {
            for (int u = 0; u < model.width(); u++) {
                Vec3 d = RayCast.direction(model, Pose.IDENTITY, u, v);
                double range = 9.5 * d.length(); // the ray's x is 1: its length is range over depth
                float value = depth[v * model.width() + u];
                if (range < 10 - 1e-3) {
                    assertThat((double) value).isCloseTo(9.5, within(1e-3));
                    finite++;
                } else if (range > 10 + 1e-3) {
                    assertThat(value).isEqualTo(Float.POSITIVE_INFINITY);
                    infinite++;
                }
            }
        }
        assertThat(finite).as("pixels within the far clip").isGreaterThan(100);
        assertThat(infinite).as("corner pixels beyond the far clip by range").isGreaterThan(100);

        // a box whose face is at half the near clip fills the view: too near to measure
        WorldSpec near = Worlds.read(dir, "near", Worlds.box("box", "0.75 0 0 0 0 0", "1 200 200", ""));
        for (float value : depth(near, model, Pose.IDENTITY)) {
            assertThat(value).isEqualTo(Float.NEGATIVE_INFINITY);
        }

        // nothing at all: every pixel beyond the far clip
        WorldSpec empty = Worlds.read(dir, "empty", "");
        for (float value : depth(empty, model, Pose.IDENTITY)) {
            assertThat(value).isEqualTo(Float.POSITIVE_INFINITY);
        }
    }

    /**
     * A turned box, seen by a turned camera: the pixels whose centre's ray hits it are the pixels drawn, except where
     * a pixel's neighbour is on the other side of the predicted outline (rasterisation decides a pixel by its
     * centre, as the rays do, so only pixels at the edge may differ, by float rounding); each covered pixel's depth
     * is the ray's, within 1 mm plus the float's resolution.
     */
    @Test
    void aBoxCoversExactlyThePixelsItsProjectionPredicts() {
        Pose camera = Pose.of(-0.5, 0.3, 1.2, 0.1, 0.25, -0.2);
        RayCast.Box box = new RayCast.Box(Pose.of(3, 0.2, 0.4, 0.3, -0.2, 0.6), new Vec3(1.0, 0.6, 0.4));
        WorldSpec world = Worlds.read(dir, "box", Worlds.box("box", poseText(box.pose()), "1 0.6 0.4", ""));
        CameraModel model = CameraModel.of(320, 240, 1.05, 0.1, 50);

        float[] depth = depth(world, model, camera);
        double[] expectedDepth = new double[depth.length];
        int[] predicted = RayCast.nearest(model, camera, List.of(box), expectedDepth);

        int covered = 0;
        int edgeMismatches = 0;
        for (int v = 0; v < model.height(); v++) {
            for (int u = 0; u < model.width(); u++) {
                int i = v * model.width() + u;
                boolean drawn = Float.isFinite(depth[i]);
                boolean hit = predicted[i] == 0;
                covered += hit ? 1 : 0;
                if (RayCast.interior(predicted, model.width(), model.height(), u, v)) {
                    assertThat(drawn).as("pixel (%d, %d)", u, v).isEqualTo(hit);
                    if (hit) {
                        double bound = 1e-3 + Math.ulp((float) expectedDepth[i]);
                        assertThat((double) depth[i]).isCloseTo(expectedDepth[i], within(bound));
                    }
                } else if (drawn != hit) {
                    edgeMismatches++;
                }
            }
        }
        assertThat(covered).as("the box is well inside the image").isBetween(2_000, 40_000);
        // a few pixels of the outline, not a shifted or mirrored silhouette
        assertThat(edgeMismatches).isLessThan(covered / 20);
    }

    @Test
    void theImageIsTheRightWayUpAndRound() {
        // red to the camera's left (+Y) and up (+Z): the image's left columns and top rows
        WorldSpec world = Worlds.read(
                dir,
                "corners",
                Worlds.box("left", "5 1.5 0 0 0 0", "0.2 0.5 0.5", material("1 0 0"))
                        + Worlds.box("up", "5 0 1.2 0 0 0", "0.2 0.5 0.5", material("0 1 0")));
        CameraModel model = CameraModel.of(64, 48, 1.2, 0.1, 100);
        try (RenderScene scene = renderer.scene(world);
                RenderCamera camera =
                        renderer.camera(model, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
            camera.render(scene, Pose.IDENTITY);
            ByteBuffer rgb = camera.color();
            int[] red = centroid(rgb, model, 0);
            int[] green = centroid(rgb, model, 1);
            assertThat(red[0]).as("red column").isLessThan(model.width() / 2 - 5);
            assertThat(red[1]).as("red row").isBetween(model.height() / 2 - 2, model.height() / 2 + 2);
            assertThat(green[1]).as("green row").isLessThan(model.height() / 2 - 5);
            assertThat(green[0]).as("green column").isBetween(model.width() / 2 - 2, model.width() / 2 + 2);
        }
    }

    /**
     * Segmentation: each pixel inside an object's outline holds the object's label, the background and unlabelled
     * visuals 0, and no pixel anything else; semantic maps repeat the label in all three bytes, panoptic ones number the
     * instances of a label per top-level model (low byte, high byte, label), as gz-sensors encodes them.
     */
    @Test
    void segmentationLabelsEveryPixelOfEachObjectWithItsLabelAndNothingElse() {
        Pose camera = Pose.of(0, 0, 1, 0, 0.1, 0);
        List<RayCast.Box> boxes = new ArrayList<>();
        StringBuilder sdf = new StringBuilder();
        int[] labels = {10, 20, 10, 0, 5};
        // gz-rendering numbers a label's instances over the visuals by name from last to first: m2 before m0
        int[] instances = {2, 1, 1, 0, 1};
        String[] poses = {"4 1 0.8 0 0 0.4", "5 -0.5 1 0.2 0 0", "3 -1.3 0.5 0 0.3 0", "6 0 2 0 0 0", "12 0 0 0 0 0"};
        String[] sizes = {"0.6 0.6 0.6", "1 0.4 1.5", "0.5 0.8 0.3", "1 1 0.5", "0.2 30 30"};
        for (int b = 0; b < labels.length; b++) {
            String[] s = sizes[b].split(" ");
            boxes.add(new RayCast.Box(
                    pose(poses[b]),
                    new Vec3(Double.parseDouble(s[0]), Double.parseDouble(s[1]), Double.parseDouble(s[2]))));
            sdf.append(Worlds.box("m" + b, poses[b], sizes[b], labels[b] == 0 ? "" : Worlds.label(labels[b])));
        }
        WorldSpec world = Worlds.read(dir, "labels", sdf.toString());
        CameraModel model = CameraModel.of(200, 150, 1.3, 0.1, 50);
        int[] predicted = RayCast.nearest(model, camera, boxes, null);

        // the label maps; THERMAL draws temperatures through the same output (ThermalCameraSimulationTests)
        for (SegmentationType type : EnumSet.of(SegmentationType.SEMANTIC, SegmentationType.PANOPTIC)) {
            try (RenderScene scene = renderer.scene(world);
                    RenderCamera cam = renderer.camera(model, EnumSet.of(RenderOutput.SEGMENTATION), type)) {
                cam.render(scene, camera);
                ByteBuffer map = cam.segmentation();
                int[] seen = new int[labels.length + 1];
                for (int v = 0; v < model.height(); v++) {
                    for (int u = 0; u < model.width(); u++) {
                        int i = v * model.width() + u;
                        int[] pixel = {map.get(i * 3) & 255, map.get(i * 3 + 1) & 255, map.get(i * 3 + 2) & 255};
                        // which object may this pixel show: its own prediction, or at an edge a neighbour's
                        java.util.Set<Integer> allowed =
                                RayCast.interior(predicted, model.width(), model.height(), u, v)
                                        ? java.util.Set.of(predicted[i])
                                        : RayCast.around(predicted, model.width(), model.height(), u, v);
                        boolean matched = false;
                        for (int object : allowed) {
                            int label = object < 0 ? 0 : labels[object];
                            int instance = object < 0 ? 0 : instances[object];
                            int[] expected = type == SegmentationType.SEMANTIC
                                    ? new int[] {label, label, label}
                                    : new int[] {instance % 256, instance / 256, label};
                            matched |= java.util.Arrays.equals(pixel, expected);
                        }
                        assertThat(matched)
                                .as(
                                        "%s pixel (%d, %d) = %s, may show objects %s",
                                        type, u, v, java.util.Arrays.toString(pixel), allowed)
                                .isTrue();
                        seen[predicted[i] + 1]++;
                    }
                }
                for (int b = 0; b < labels.length; b++) {
                    assertThat(seen[b + 1]).as("pixels of object %d", b).isGreaterThan(200);
                }
            }
        }
    }

    @Test
    void aVisualIsDrawnOnlyForACameraWhoseMaskSharesABitWithItsFlags() {
        WorldSpec world = Worlds.read(
                dir, "flags", Worlds.box("box", "3 0 0 0 0 0", "1 1 1", "<visibility_flags>4</visibility_flags>"));
        CameraModel model = CameraModel.of(16, 12, 1.0, 0.1, 100);

        assertThat(depth(world, model.withVisibilityMask(4 | 1), Pose.IDENTITY)[6 * 16 + 8])
                .isCloseTo(2.5f, within(1e-3f));
        assertThat(depth(world, model.withVisibilityMask(1 | 2), Pose.IDENTITY)[6 * 16 + 8])
                .isEqualTo(Float.POSITIVE_INFINITY);
    }

    @Test
    void theSameSceneGivesTheSameBytesTwice() {
        WorldSpec shapes = new io.orrery.world.sdf.SdfReader(List.of()).read(Path.of("worlds/gazebo/shapes.sdf"));
        CameraModel model = CameraModel.of(320, 240, 1.047, 0.1, 100);
        Pose camera = Pose.of(-4, 3, 2.5, 0, 0.35, -0.6);
        byte[][] first = null;
        for (int round = 0; round < 2; round++) {
            try (RenderScene scene = renderer.scene(shapes);
                    RenderCamera cam =
                            renderer.camera(model, EnumSet.allOf(RenderOutput.class), SegmentationType.PANOPTIC)) {
                cam.render(scene, camera);
                cam.render(scene, camera);
                byte[][] images = {bytes(cam.color()), bytes(cam.segmentation()), floats(cam.depth())};
                if (first == null) {
                    first = images;
                } else {
                    for (int k = 0; k < images.length; k++) {
                        assertThat(images[k]).as("image %d", k).isEqualTo(first[k]);
                    }
                }
            }
        }
        // and something was drawn: the background (0.8 grey), the ground, the red box (its ambient 1 0 0 times the
        // scene's ambient 1 saturates red, its diffuse adds no green or blue), the cylinder, sphere, capsule, ellipsoid
        java.util.Set<Integer> colors = colors(first[0]);
        assertThat(colors).contains(0xCCCCCC, 0xFF0000).hasSizeGreaterThanOrEqualTo(7);
    }

    // ---------------------------------------------------------------- helpers

    static float[] depth(WorldSpec world, CameraModel model, Pose camera) {
        try (RenderScene scene = renderer.scene(world);
                RenderCamera cam = renderer.camera(model, EnumSet.of(RenderOutput.DEPTH), SegmentationType.SEMANTIC)) {
            cam.render(scene, camera);
            FloatBuffer buffer = cam.depth();
            float[] out = new float[buffer.remaining()];
            buffer.get(out);
            return out;
        }
    }

    static String poseText(Pose p) {
        Vec3 rpy = p.rotation().toEuler();
        return String.format(
                Locale.ROOT, "%.17g %.17g %.17g %.17g %.17g %.17g", p.x(), p.y(), p.z(), rpy.x(), rpy.y(), rpy.z());
    }

    static Pose pose(String text) {
        String[] v = text.split(" ");
        return Pose.of(
                Double.parseDouble(v[0]),
                Double.parseDouble(v[1]),
                Double.parseDouble(v[2]),
                Double.parseDouble(v[3]),
                Double.parseDouble(v[4]),
                Double.parseDouble(v[5]));
    }

    static String material(String diffuse) {
        return "<material><ambient>" + diffuse + " 1</ambient><diffuse>" + diffuse + " 1</diffuse></material>";
    }

    /** The mean column and row of the pixels whose {@code channel} is the brightest of the three by far. */
    static int[] centroid(ByteBuffer rgb, CameraModel m, int channel) {
        long sumU = 0;
        long sumV = 0;
        int n = 0;
        for (int v = 0; v < m.height(); v++) {
            for (int u = 0; u < m.width(); u++) {
                int i = (v * m.width() + u) * 3;
                int c = rgb.get(i + channel) & 255;
                int others = Math.max(rgb.get(i + (channel + 1) % 3) & 255, rgb.get(i + (channel + 2) % 3) & 255);
                if (c > others + 40) {
                    sumU += u;
                    sumV += v;
                    n++;
                }
            }
        }
        assertThat(n).as("pixels of channel %d", channel).isGreaterThan(10);
        return new int[] {(int) (sumU / n), (int) (sumV / n)};
    }

    static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    static byte[] floats(FloatBuffer f) {
        ByteBuffer b = ByteBuffer.allocate(f.remaining() * 4);
        while (f.hasRemaining()) {
            b.putInt(Float.floatToRawIntBits(f.get()));
        }
        return b.array();
    }

    static java.util.Set<Integer> colors(byte[] rgb) {
        java.util.Set<Integer> colors = new java.util.HashSet<>();
        for (int i = 0; i < rgb.length; i += 3) {
            colors.add(((rgb[i] & 255) << 16) | ((rgb[i + 1] & 255) << 8) | (rgb[i + 2] & 255));
        }
        return colors;
    }
}
