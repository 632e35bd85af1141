package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.render.CameraLens.Fun;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Wide-angle images against the lens maths, drawn with Mesa's llvmpipe: where a small box at a known angle off the
 * axis lands, that a gnomonical lens is the pinhole camera, and where the cutoff angle blacks the image out.
 */
class WideAngleCameraTests {

    static Renderer renderer;

    @TempDir
    static Path dir;

    private static final int W = 320;
    private static final int H = 240;
    private static final CameraModel IMAGE = CameraModel.of(W, H, 1, 0.1, 100);
    /** Lit by the scene's ambient light alone, so each surface is one flat colour. */
    private static final String FLAT = "<scene><ambient>1 1 1 1</ambient><background>0 0 0 1</background></scene>";

    @BeforeAll
    static void open() {
        renderer = Renderer.open();
    }

    @AfterAll
    static void close() {
        renderer.close();
    }

    /**
     * An equidistant lens scaled to a field of view of π maps a ray θ off the axis to r = θ / (π/2) half widths, k =
     * 160 / (π/2) = 101.9 pixels a radian, in the ray's direction round the axis. A red box 0.1 m wide 3 m away along
     * the ray (3.4 pixels across) must have its red-weighted centroid there within half a pixel: the centroid is a
     * sub-pixel estimate whose errors, the cube's texels (π/2 / 512 rad, 0.31 px) and the box's outline on them, are
     * each under a third of a pixel and symmetric about the centre to first order.
     */
    @ParameterizedTest
    @CsvSource({"0.3, 90", "0.9, 180", "1.2, 150", "1.4, -20", "1.0, -120"})
    void anEquidistantLensPutsARayThetaOffTheAxisAtRadiusFTheta(double theta, double azimuthDegrees) {
        double phi = Math.toRadians(azimuthDegrees);
        // the ray in SDF's camera frame: forward +X, the image's right −Y, up +Z
        Vec3 ray = new Vec3(Math.cos(theta), -Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi));
        Pose camera = Pose.of(1, 2, 0.5, 0, 0, 0.4);
        Vec3 at = camera.apply(ray.times(3));
        WorldSpec world = Worlds.read(
                dir,
                "ray",
                FLAT
                        + Worlds.box(
                                "dot",
                                String.format(Locale.ROOT, "%f %f %f 0 0 0", at.x(), at.y(), at.z()),
                                "0.1 0.1 0.1",
                                CameraGeometryTests.material("1 0 0")));
        CameraLens lens = CameraLens.of("equidistant", 1, 1, 0, 1, Fun.ID, true, Math.PI / 2, Math.PI, 512);

        double[] c = redCentroid(draw(world, lens, camera));

        double k = (W / 2.0) / (Math.PI / 2);
        assertThat(c[0]).as("column").isCloseTo(W / 2.0 + k * theta * Math.cos(phi), within(0.5));
        assertThat(c[1]).as("row").isCloseTo(H / 2.0 - k * theta * Math.sin(phi), within(0.5));
    }

    /**
     * A gnomonical lens scaled to the field of view is the pinhole: r = tan θ / tan(hfov/2), so it must give the
     * ordinary camera's image. The cube's texel (π/2 / 512 = 3.07 mrad at a face's centre) is finer than the image's
     * pixel (2·tan(0.5235)/320 = 3.61 mrad), so resampling moves an outline by less than a pixel: every pixel that
     * differs by more than 2 of 255 (the renderer's colour bound) lies next to an outline of the ordinary image (its
     * 3 × 3 neighbourhood holds two colours), and the rest are equal. Only the cube's front face is drawn.
     */
    @Test
    void aGnomonicalLensGivesTheOrdinaryCamerasImage() {
        WorldSpec world = Worlds.read(
                dir,
                "shapes",
                FLAT.replace("0 0 0 1</background>", "0.4 0.4 0.4 1</background>")
                        + Worlds.box("red", "5 1 0 0 0 0.3", "1 1 1", CameraGeometryTests.material("1 0 0"))
                        + Worlds.box("green", "6 -1.5 0.8 0.2 0 0", "1 2 0.5", CameraGeometryTests.material("0 1 0"))
                        + Worlds.box("blue", "4 0 -1 0 0 0", "1 6 0.2", CameraGeometryTests.material("0 0 1")));
        Pose camera = Pose.of(0, 0, 0.2, 0, 0.05, 0);
        double hfov = 1.047;
        CameraModel pinhole = CameraModel.of(W, H, hfov, 0.1, 100);
        byte[] expected;
        try (RenderScene scene = renderer.scene(world);
                RenderCamera cam =
                        renderer.camera(pinhole, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
            cam.render(scene, camera);
            expected = bytes(cam.color());
        }
        CameraLens lens = CameraLens.of("gnomonical", 1, 1, 0, 1, Fun.TAN, true, Math.PI / 2, hfov, 512);
        byte[] wide;
        try (RenderScene scene = renderer.scene(world);
                WideAngleCamera cam = renderer.wideAngleCamera(IMAGE, lens)) {
            assertThat(cam.facesDrawn()).isEqualTo(1);
            cam.render(scene, camera);
            wide = bytes(cam.color());
        }

        int equal = 0;
        for (int v = 0; v < H; v++) {
            for (int u = 0; u < W; u++) {
                int p = (v * W + u) * 3;
                int diff = 0;
                for (int c = 0; c < 3; c++) {
                    diff = Math.max(diff, Math.abs((wide[p + c] & 0xff) - (expected[p + c] & 0xff)));
                }
                if (diff <= 2) {
                    equal++;
                } else {
                    assertThat(nextToAnOutline(expected, u, v))
                            .as("pixel (%d, %d) differs by %d away from any outline", u, v, diff)
                            .isTrue();
                }
            }
        }
        assertThat(equal).as("pixels equal").isGreaterThan(W * H * 9 / 10);
    }

    /**
     * Rays beyond the cutoff angle are black: an equidistant lens over π with a cutoff of 1 rad cuts at r = 1 / (π/2)
     * half widths, 101.9 pixels; inside r − 0.02 the white background, beyond r black, between them gz-rendering's
     * smooth step.
     */
    @Test
    void beyondTheCutoffAngleTheImageIsBlack() {
        WorldSpec world = Worlds.read(dir, "white", "<scene><background>1 1 1 1</background></scene>");
        CameraLens lens = CameraLens.of("equidistant", 1, 1, 0, 1, Fun.ID, true, 1.0, Math.PI, 64);
        byte[] image = draw(world, lens, Pose.IDENTITY);
        double cut = 1.0 / (Math.PI / 2);
        int inside = 0;
        int outside = 0;
        for (int v = 0; v < H; v++) {
            for (int u = 0; u < W; u++) {
                double r = Math.hypot((u + 0.5 - W / 2.0) / (W / 2.0), (H / 2.0 - v - 0.5) / (W / 2.0));
                int red = image[(v * W + u) * 3] & 0xff;
                if (r < cut - 0.02) {
                    assertThat(red).as("pixel (%d, %d), r %f", u, v, r).isEqualTo(255);
                    inside++;
                } else if (r > cut) {
                    assertThat(red).as("pixel (%d, %d), r %f", u, v, r).isZero();
                    outside++;
                }
            }
        }
        assertThat(inside).isGreaterThan(20_000);
        assertThat(outside).isGreaterThan(20_000);
    }

    /**
     * Only the cube faces some pixel looks through are drawn: one for a gnomonical lens within 90°; five for
     * camera_lens_flare.sdf's equidistant lens over π cut at π/2 (no ray looks back); six once rays reach behind.
     */
    @Test
    void theFacesDrawnAreThoseSomePixelLooksThrough() {
        assertThat(faces(CameraLens.of("gnomonical", 1, 1, 0, 1, Fun.TAN, true, Math.PI / 2, 1.047, 16)))
                .isEqualTo(1);
        assertThat(faces(CameraLens.of("equidistant", 1, 1, 0, 1, Fun.ID, true, 1.5707, 3.14159, 16)))
                .isEqualTo(5);
        assertThat(faces(CameraLens.of("equidistant", 1, 1, 0, 1, Fun.ID, true, Math.PI, 2 * Math.PI, 16)))
                .isEqualTo(6);
    }

    private static int faces(CameraLens lens) {
        try (WideAngleCamera cam = renderer.wideAngleCamera(IMAGE, lens)) {
            return cam.facesDrawn();
        }
    }

    private static byte[] draw(WorldSpec world, CameraLens lens, Pose pose) {
        try (RenderScene scene = renderer.scene(world);
                WideAngleCamera cam = renderer.wideAngleCamera(IMAGE, lens)) {
            cam.render(scene, pose);
            return bytes(cam.color());
        }
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    /** The red-weighted mean of the pixel centres' columns and rows. */
    private static double[] redCentroid(byte[] rgb) {
        double su = 0;
        double sv = 0;
        double sw = 0;
        for (int v = 0; v < H; v++) {
            for (int u = 0; u < W; u++) {
                int red = rgb[(v * W + u) * 3] & 0xff;
                su += red * (u + 0.5);
                sv += red * (v + 0.5);
                sw += red;
            }
        }
        assertThat(sw).as("the box is in the image").isGreaterThan(255 * 4);
        return new double[] {su / sw, sv / sw};
    }

    private static boolean nextToAnOutline(byte[] rgb, int u, int v) {
        int p = (v * W + u) * 3;
        for (int dv = -1; dv <= 1; dv++) {
            for (int du = -1; du <= 1; du++) {
                int x = u + du;
                int y = v + dv;
                if (x < 0 || y < 0 || x >= W || y >= H) {
                    continue;
                }
                int q = (y * W + x) * 3;
                for (int c = 0; c < 3; c++) {
                    if (rgb[p + c] != rgb[q + c]) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
