package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Colour: a lit face's every pixel against the lighting model of docs/cameras.md, computed here in double precision
 * from the pixel's ray (Blinn-Phong: emissive + scene ambient × material ambient + per light attenuation × spot ×
 * intensity × (diffuse × albedo × n·l + specular × (n·h)^shininess)), each channel within 2 of 255: the shader
 * computes in float (error near 1e-6) and the 8-bit target rounds to the nearest step, so 1 would do; 2 is the bound
 * asked of the renderer.
 */
class CameraLightingTests {

    static final int TOLERANCE = 2;

    /** A camera at the origin looking along +X at a wall whose face, at x = 2.9, fills its view. */
    static final CameraModel MODEL = CameraModel.of(64, 48, 0.6, 0.1, 100);

    static final RayCast.Box WALL = new RayCast.Box(Pose.translation(3, 0, 0), new Vec3(0.2, 2, 2));

    static final double[] SCENE_AMBIENT = {0.25, 0.25, 0.25};
    static final double[] AMBIENT = {0.2, 0.3, 0.4};
    static final double[] DIFFUSE = {0.8, 0.5, 0.3};

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

    /** A light as the test predicts it: type, position, direction, colours, intensity, attenuation, spot. */
    record Light(
            String type,
            Vec3 position,
            Vec3 direction,
            double[] diffuse,
            double[] specular,
            double intensity,
            double[] attenuation,
            double[] spot) {

        String sdf() {
            return "<light name='l' type='" + type + "'><pose>" + position.x() + " " + position.y() + " "
                    + position.z() + " 0 0 0</pose><diffuse>" + join(diffuse) + " 1</diffuse><specular>"
                    + join(specular) + " 1</specular><intensity>" + intensity + "</intensity><attenuation><range>"
                    + attenuation[0] + "</range><constant>" + attenuation[1] + "</constant><linear>" + attenuation[2]
                    + "</linear><quadratic>" + attenuation[3] + "</quadratic></attenuation><direction>"
                    + direction.x() + " " + direction.y() + " " + direction.z() + "</direction><spot><inner_angle>"
                    + spot[0] + "</inner_angle><outer_angle>" + spot[1] + "</outer_angle><falloff>" + spot[2]
                    + "</falloff></spot></light>";
        }
    }

    static final double[] NO_ATTENUATION = {1000, 1, 0, 0};
    static final double[] NO_SPOT = {0, 0, 0};

    @Test
    void aDirectionalLightShadesTheFaceAsTheModelPredicts() {
        Light sun = new Light(
                "directional",
                new Vec3(0, 0, 10),
                new Vec3(0.5, 0.3, -0.4),
                new double[] {0.9, 0.8, 0.7},
                new double[] {0.2, 0.2, 0.2},
                1,
                NO_ATTENUATION,
                NO_SPOT);

        assertFaceMatches(List.of(sun), material("", ""), DIFFUSE, new double[3], 0, new double[3], null);
    }

    @Test
    void aPointLightFadesWithDistanceAsItsAttenuationSays() {
        Light bulb = new Light(
                "point",
                new Vec3(1.5, 0.5, 0.3),
                new Vec3(0, 0, -1),
                new double[] {1, 0.9, 0.8},
                new double[] {0, 0, 0},
                1.5,
                new double[] {20, 0.5, 0.2, 0.05},
                NO_SPOT);

        assertFaceMatches(List.of(bulb), material("", ""), DIFFUSE, new double[3], 0, new double[3], null);
    }

    @Test
    void aSpotLightLightsItsConeAndFallsOffBetweenItsAngles() {
        // a cone along +X from 1.9 m before the face: full within 0.15 rad of its axis, dark beyond 0.3
        Light spot = new Light(
                "spot",
                new Vec3(1, 0.1, -0.1),
                new Vec3(1, 0, 0),
                new double[] {1, 1, 1},
                new double[] {0, 0, 0},
                1,
                new double[] {20, 1, 0.1, 0},
                new double[] {0.3, 0.6, 1.5});

        int[] zones =
                assertFaceMatches(List.of(spot), material("", ""), DIFFUSE, new double[3], 0, new double[3], null);

        assertThat(zones[0]).as("pixels in the full cone").isGreaterThan(20);
        assertThat(zones[1]).as("pixels in the falloff").isGreaterThan(20);
        assertThat(zones[2]).as("pixels outside the cone").isGreaterThan(20);
    }

    @Test
    void aShinyMaterialAddsBlinnPhongHighlights() {
        Light sun = new Light(
                "directional",
                new Vec3(0, 0, 10),
                new Vec3(1, 0.05, 0.02),
                new double[] {0.6, 0.6, 0.6},
                new double[] {0.9, 0.8, 0.7},
                1,
                NO_ATTENUATION,
                NO_SPOT);
        double[] specular = {0.5, 0.4, 0.3};

        assertFaceMatches(
                List.of(sun),
                material("<specular>0.5 0.4 0.3 1</specular><shininess>16</shininess>", ""),
                DIFFUSE,
                specular,
                16,
                new double[3],
                null);
    }

    @Test
    void emissiveAddsAndAnAlbedoMapColoursTheSurface() throws IOException {
        Path albedo = dir.resolve("albedo.png");
        BufferedImage image = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                image.setRGB(x, y, new Color(200, 100, 50).getRGB());
            }
        }
        ImageIO.write(image, "png", albedo.toFile());
        Light sun = new Light(
                "directional",
                new Vec3(0, 0, 10),
                new Vec3(0.5, 0.3, -0.4),
                new double[] {0.9, 0.8, 0.7},
                new double[] {0, 0, 0},
                1,
                NO_ATTENUATION,
                NO_SPOT);
        double[] texel = {200 / 255.0, 100 / 255.0, 50 / 255.0};

        assertFaceMatches(
                List.of(sun),
                material(
                        "<emissive>0.1 0 0.2 1</emissive>",
                        "<pbr><metal><albedo_map>" + albedo + "</albedo_map></metal></pbr>"),
                DIFFUSE,
                new double[3],
                0,
                new double[] {0.1, 0, 0.2},
                texel);
    }

    @Test
    void anUnlitMaterialShowsItsDiffuseColourAndTheBackgroundIsTheScenes() {
        WorldSpec world = Worlds.read(
                dir,
                "unlit",
                "<scene><ambient>0.25 0.25 0.25</ambient><background>0.1 0.6 0.35</background></scene>"
                        + Worlds.box(
                                "card",
                                "4 0 0 0 0 0",
                                "0.1 0.5 0.5",
                                "<material><diffuse>0.8 0.5 0.3 1</diffuse><lighting>false</lighting></material>"));
        ByteBuffer rgb = render(world, MODEL);

        int centre = (MODEL.height() / 2 * MODEL.width() + MODEL.width() / 2) * 3;
        assertPixel(rgb, centre, DIFFUSE, "the card");
        assertPixel(rgb, 0, new double[] {0.1, 0.6, 0.35}, "the background");
    }

    @Test
    void aHalfTransparentVisualBlendsOverWhatIsBehindIt() {
        String unlit = "<lighting>false</lighting>";
        WorldSpec world = Worlds.read(
                dir,
                "glass",
                Worlds.box(
                                "back",
                                "5 0 0 0 0 0",
                                "0.1 10 10",
                                "<material><diffuse>0 0 1 1</diffuse>" + unlit + "</material>")
                        + Worlds.box(
                                "glass",
                                "4 0 0 0 0 0",
                                "0.1 10 10",
                                "<material><diffuse>1 0 0 1</diffuse>" + unlit
                                        + "</material><transparency>0.5</transparency>"));

        ByteBuffer rgb = render(world, MODEL);

        assertPixel(rgb, 0, new double[] {0.5, 0, 0.5}, "red at half over blue");
    }

    // ---------------------------------------------------------------- the prediction

    /**
     * Renders the wall with these lights and material and checks every pixel against the model; returns how many
     * pixels a spot light lit fully, partly and not at all.
     */
    static int[] assertFaceMatches(
            List<Light> lights,
            String material,
            double[] diffuse,
            double[] specular,
            double shininess,
            double[] emissive,
            double[] texel) {
        StringBuilder sdf = new StringBuilder("<scene><ambient>0.25 0.25 0.25</ambient></scene>");
        lights.forEach(l -> sdf.append(l.sdf()));
        sdf.append(Worlds.box("wall", "3 0 0 0 0 0", "0.2 2 2", material));
        WorldSpec world = Worlds.read(dir, "lit", sdf.toString());
        ByteBuffer rgb = render(world, MODEL);
        int[] zones = new int[3];
        double[] tex = texel == null ? new double[] {1, 1, 1} : texel;
        for (int v = 0; v < MODEL.height(); v++) {
            for (int u = 0; u < MODEL.width(); u++) {
                Vec3 d = RayCast.direction(MODEL, Pose.IDENTITY, u, v);
                double t = WALL.hit(Vec3.ZERO, d);
                assertThat(t).as("the wall fills the view").isFinite();
                Vec3 p = d.times(t);
                Vec3 n = WALL.normal(p);
                Vec3 view = p.times(-1).normalized();
                double[] c = new double[3];
                for (int k = 0; k < 3; k++) {
                    c[k] = emissive[k] + SCENE_AMBIENT[k] * AMBIENT[k] * tex[k];
                }
                for (Light light : lights) {
                    Vec3 l;
                    double strength = light.intensity();
                    if (light.type().equals("directional")) {
                        l = light.direction().normalized().times(-1);
                    } else {
                        Vec3 toLight = light.position().minus(p);
                        double dist = toLight.length();
                        l = toLight.times(1 / dist);
                        double[] a = light.attenuation();
                        strength *= dist > a[0] ? 0 : 1 / (a[1] + a[2] * dist + a[3] * dist * dist);
                        if (light.type().equals("spot")) {
                            double cosAngle = l.times(-1).dot(light.direction().normalized());
                            double cosInner = Math.cos(light.spot()[0] / 2);
                            double cosOuter = Math.cos(light.spot()[1] / 2);
                            double x = Math.max(0, Math.min(1, (cosAngle - cosOuter) / (cosInner - cosOuter)));
                            zones[x >= 1 ? 0 : x > 0 ? 1 : 2]++;
                            strength *= x <= 0 ? 0 : Math.pow(x, light.spot()[2]);
                        }
                    }
                    double nl = n.dot(l);
                    if (nl <= 0 || strength == 0) {
                        continue;
                    }
                    double highlight = shininess > 0
                            ? Math.pow(Math.max(0, n.dot(l.plus(view).normalized())), shininess)
                            : 0;
                    for (int k = 0; k < 3; k++) {
                        c[k] += strength
                                * (light.diffuse()[k] * diffuse[k] * tex[k] * nl
                                        + light.specular()[k] * specular[k] * highlight);
                    }
                }
                assertPixel(rgb, (v * MODEL.width() + u) * 3, c, "pixel (" + u + ", " + v + ")");
            }
        }
        return zones;
    }

    static void assertPixel(ByteBuffer rgb, int at, double[] expected, String what) {
        for (int k = 0; k < 3; k++) {
            int want = (int) Math.round(255 * Math.max(0, Math.min(1, expected[k])));
            assertThat(rgb.get(at + k) & 255)
                    .as("%s channel %d (model %.5f)", what, k, expected[k])
                    .isBetween(want - TOLERANCE, want + TOLERANCE);
        }
    }

    static String material(String extra, String pbr) {
        return "<material><ambient>0.2 0.3 0.4 1</ambient><diffuse>0.8 0.5 0.3 1</diffuse>" + extra + pbr
                + "</material>";
    }

    static ByteBuffer render(WorldSpec world, CameraModel model) {
        try (RenderScene scene = renderer.scene(world);
                RenderCamera camera =
                        renderer.camera(model, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
            camera.render(scene, Pose.IDENTITY);
            ByteBuffer copy = ByteBuffer.allocate(model.width() * model.height() * 3);
            copy.put(camera.color());
            return copy.flip();
        }
    }

    static String join(double[] v) {
        return v[0] + " " + v[1] + " " + v[2];
    }
}
