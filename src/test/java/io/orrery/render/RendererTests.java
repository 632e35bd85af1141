package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.TestMeshes;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The renderer's contract: how it refuses, who may call it, the camera model, meshes drawn like primitives. */
class RendererTests {

    @TempDir
    Path dir;

    @Test
    void withoutEglTheRendererRefusesNamingWhatToInstall() {
        RenderSettings missing = RenderSettings.DEFAULT.withEglLibrary("libEGL-not-installed.so.1");

        // refused the same whether EGL is not loaded yet in this process or already loaded from the real library
        for (int round = 0; round < 2; round++) {
            assertThatThrownBy(() -> Renderer.open(missing))
                    .isInstanceOf(RenderException.class)
                    .hasMessageContaining("EGL could not be loaded from libEGL-not-installed.so.1")
                    .hasMessageContaining("apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri");
            Renderer.open().close();
        }
    }

    @Test
    void aRendererAndItsScenesAndCamerasBelongToTheThreadThatOpenedIt() throws Exception {
        WorldSpec world = Worlds.read(dir, "w", Worlds.box("box", "3 0 0 0 0 0", "1 1 1", ""));
        try (Renderer renderer = Renderer.open()) {
            RenderScene scene = renderer.scene(world);
            RenderCamera camera = renderer.camera(
                    CameraModel.of(8, 6, 1, 0.1, 10), EnumSet.of(RenderOutput.DEPTH), SegmentationType.SEMANTIC);

            CompletableFuture<Void> elsewhere = CompletableFuture.runAsync(() -> camera.render(scene, Pose.IDENTITY));

            assertThatThrownBy(elsewhere::get)
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("used only by the thread that opened it");
            // on its own thread it draws
            camera.render(scene, Pose.IDENTITY);
            assertThat(camera.depth().get(3 * 8 + 4)).isCloseTo(2.5f, within(1e-3f));
        }
    }

    @Test
    void twoRenderersOnOneThreadEachDrawWithTheirOwnContext() {
        WorldSpec near = Worlds.read(dir, "near", Worlds.box("box", "2 0 0 0 0 0", "1 10 10", ""));
        WorldSpec far = Worlds.read(dir, "far", Worlds.box("box", "6 0 0 0 0 0", "1 10 10", ""));
        CameraModel model = CameraModel.of(8, 6, 1, 0.1, 50);
        try (Renderer a = Renderer.open();
                Renderer b = Renderer.open()) {
            RenderScene sceneA = a.scene(near);
            RenderScene sceneB = b.scene(far);
            RenderCamera cameraA = a.camera(model, EnumSet.of(RenderOutput.DEPTH), SegmentationType.SEMANTIC);
            RenderCamera cameraB = b.camera(model, EnumSet.of(RenderOutput.DEPTH), SegmentationType.SEMANTIC);

            cameraA.render(sceneA, Pose.IDENTITY);
            cameraB.render(sceneB, Pose.IDENTITY);
            cameraA.render(sceneA, Pose.IDENTITY);

            assertThat(cameraA.depth().get(0)).isCloseTo(1.5f, within(1e-3f));
            assertThat(cameraB.depth().get(0)).isCloseTo(5.5f, within(1e-3f));
            assertThatThrownBy(() -> cameraA.render(sceneB, Pose.IDENTITY))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("another renderer");
        }
    }

    /** A hidden body (a model that left the world) is drawn in no output, and its light lights nothing. */
    @Test
    void aHiddenBodyIsDrawnNowhereAndItsLightLightsNothing() {
        String lamp = "<model name='lamp'><static>true</static><pose>1 0 0 0 0 0</pose><link name='l'>"
                + "<light name='bulb' type='point'><diffuse>1 1 1 1</diffuse><attenuation><range>50</range>"
                + "<constant>1</constant></attenuation></light></link></model>";
        WorldSpec world = Worlds.read(
                dir,
                "hidden",
                Worlds.box("near", "2 0 0 0 0 0", "1 10 10", "") + Worlds.box("far", "6 0 0 0 0 0", "1 10 10", "")
                        + lamp + "<scene><ambient>0 0 0 1</ambient></scene>");
        CameraModel model = CameraModel.of(8, 6, 1, 0.1, 50);
        try (Renderer renderer = Renderer.open();
                RenderScene scene = renderer.scene(world);
                RenderCamera camera = renderer.camera(
                        model, EnumSet.of(RenderOutput.DEPTH, RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
            int near = scene.body("near", "link").orElseThrow();
            int lamp0 = scene.body("lamp", "l").orElseThrow();
            camera.render(scene, Pose.IDENTITY);
            assertThat(camera.depth().get(0)).isCloseTo(1.5f, within(1e-3f));
            assertThat(camera.color().get(0) & 255).as("lit by the lamp").isPositive();

            scene.setVisible(near, false);
            camera.render(scene, Pose.IDENTITY);
            assertThat(camera.depth().get(0)).isCloseTo(5.5f, within(1e-3f));

            scene.setVisible(lamp0, false);
            camera.render(scene, Pose.IDENTITY);
            assertThat(camera.color().get(0) & 255).as("no light, no ambient").isZero();

            scene.setVisible(near, true);
            camera.render(scene, Pose.IDENTITY);
            assertThat(camera.depth().get(0)).isCloseTo(1.5f, within(1e-3f));
        }
    }

    /** gz-sensors' camera test (camera.cc, camera_intrinsics.sdf): 1000 × 1000 at 1.0472 rad gives 866.23 ± 0.3. */
    @Test
    void intrinsicsAreGzSensorsOwn() {
        CameraModel m = CameraModel.of(1000, 1000, 1.0472, 0.1, 100);

        assertThat(m.fx()).isCloseTo(866.23, within(0.3));
        assertThat(m.fy()).isEqualTo(m.fx());
        assertThat(m.cx()).isEqualTo(500);
        assertThat(m.cy()).isEqualTo(500);
        assertThat(m.horizontalFov()).isCloseTo(1.0472, within(1e-12));
        // a 4:3 image: the vertical field of view follows from square pixels
        CameraModel wide = CameraModel.of(320, 240, 1.047, 0.1, 100);
        assertThat(Math.tan(wide.verticalFov() / 2)).isCloseTo(Math.tan(1.047 / 2) * 240 / 320, within(1e-12));
    }

    @Test
    void imagesLargerThanTheBoundsAreRefused() {
        try (Renderer renderer = Renderer.open()) {
            assertThatThrownBy(() -> renderer.camera(
                            CameraModel.of(8193, 10, 1, 0.1, 10),
                            EnumSet.of(RenderOutput.COLOR),
                            SegmentationType.SEMANTIC))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("at most 8192 pixels a side");
            assertThatThrownBy(() -> renderer.camera(
                            CameraModel.of(8000, 8000, 1, 0.1, 10),
                            EnumSet.of(RenderOutput.COLOR),
                            SegmentationType.SEMANTIC))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("16777216 pixels in all");
        }
        assertThatThrownBy(() -> CameraModel.of(0, 10, 1, 0.1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CameraModel.of(10, 10, 3.2, 0.1, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CameraModel.of(10, 10, 1, 0.5, 0.2)).isInstanceOf(IllegalArgumentException.class);
    }

    /** A mesh goes through the mesh loader: a cube STL scaled to a box's size reads the box's depth. */
    @Test
    void aMeshVisualIsDrawnLikeThePrimitiveOfItsShape() {
        TestMeshes.binaryStl(
                dir.resolve("cube.stl"),
                TestMeshes.boxVertices(new float[] {-1, -1, -1}, new float[] {1, 1, 1}),
                TestMeshes.boxTriangles());
        String mesh = "<model name='m'><static>true</static><pose>3 0.2 -0.1 0.2 0.3 0.4</pose><link name='l'>"
                + "<visual name='v'><geometry><mesh><uri>cube.stl</uri><scale>0.5 0.3 0.2</scale></mesh></geometry>"
                + "</visual></link></model>";
        WorldSpec meshWorld = Worlds.read(dir, "mesh", mesh);
        WorldSpec boxWorld = Worlds.read(dir, "prim", Worlds.box("m", "3 0.2 -0.1 0.2 0.3 0.4", "1 0.6 0.4", ""));
        CameraModel model = CameraModel.of(120, 90, 0.8, 0.1, 20);
        try (Renderer renderer = Renderer.open()) {
            float[] fromMesh = depth(renderer, meshWorld, model);
            float[] fromBox = depth(renderer, boxWorld, model);
            int covered = 0;
            for (int i = 0; i < fromBox.length; i++) {
                // the same planes, cut into other triangles: depth within float rounding, the same pixels covered
                if (Float.isFinite(fromBox[i])) {
                    covered++;
                    assertThat(fromMesh[i]).as("pixel %d", i).isCloseTo(fromBox[i], within(1e-4f));
                } else {
                    assertThat(fromMesh[i]).as("pixel %d", i).isEqualTo(fromBox[i]);
                }
            }
            assertThat(covered).isGreaterThan(500);
        }
    }

    static float[] depth(Renderer renderer, WorldSpec world, CameraModel model) {
        try (RenderScene scene = renderer.scene(world);
                RenderCamera camera =
                        renderer.camera(model, EnumSet.of(RenderOutput.DEPTH), SegmentationType.SEMANTIC)) {
            camera.render(scene, Pose.IDENTITY);
            float[] out = new float[model.width() * model.height()];
            camera.depth().get(out);
            return out;
        }
    }
}
