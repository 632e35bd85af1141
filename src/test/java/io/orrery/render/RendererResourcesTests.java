package io.orrery.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lwjgl.opengl.GL33C.glIsBuffer;
import static org.lwjgl.opengl.GL33C.glIsFramebuffer;
import static org.lwjgl.opengl.GL33C.glIsRenderbuffer;
import static org.lwjgl.opengl.GL33C.glIsTexture;
import static org.lwjgl.opengl.GL33C.glIsVertexArray;

import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.TestMeshes;
import io.orrery.world.sdf.SdfReader;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing native outlives what holds it: closing a scene or a camera deletes every OpenGL object it made (the driver
 * says so), a closed renderer's context is gone and its rasteriser threads with it, and many frames, reloads and renderers later the
 * process holds no more native memory than after the first few, while every frame of the same view is the same bytes.
 */
class RendererResourcesTests {

    @TempDir
    Path dir;

    @Test
    void closingASceneOrACameraDeletesEveryOpenGlObjectItMade() throws IOException {
        WorldSpec world = everyKindOfObject();
        try (Renderer renderer = Renderer.open()) {
            RenderScene scene = renderer.scene(world);
            RenderCamera camera = renderer.camera(
                    CameraModel.of(64, 48, 1.2, 0.1, 50), EnumSet.allOf(RenderOutput.class), SegmentationType.PANOPTIC);
            camera.render(scene, Pose.IDENTITY);
            GlNames sceneNames = scene.glNames();
            GlNames cameraNames = camera.glNames();
            // a box, a sphere and a mesh: three shapes; one albedo map; colour, labels, depth and the depth buffer
            assertThat(sceneNames.vertexArrays()).hasSize(3);
            assertThat(sceneNames.buffers()).hasSize(6);
            assertThat(sceneNames.textures()).hasSize(1);
            assertThat(cameraNames.framebuffers()).hasSize(1);
            assertThat(cameraNames.renderbuffers()).hasSize(4);
            assertAll(sceneNames, true);
            assertAll(cameraNames, true);

            scene.close();
            camera.close();

            renderer.checkThread();
            assertAll(sceneNames, false);
            assertAll(cameraNames, false);
        }
    }

    /**
     * A closed renderer's context is gone (EGL no longer knows it), and it leaves no rasteriser threads behind:
     * llvmpipe's threads (named llvmpipe-N) belong to the display's screen, shared by its contexts in Mesa 22, so
     * however many renderers open and close there are as many as with the first.
     */
    @Test
    void aClosedRendererLeavesNoContextAndNoThreadsBehind() throws IOException {
        long threads = -1;
        for (int round = 0; round < 5; round++) {
            Renderer renderer = Renderer.open();
            try {
                assertThat(renderer.description())
                        .as("the tests draw with llvmpipe")
                        .contains("llvmpipe");
                drawShapes(renderer, CameraModel.of(64, 48, 1.2, 0.1, 50));
                if (threads < 0) {
                    threads = rasteriserThreads();
                    assertThat(threads).as("llvmpipe's threads, counted").isPositive();
                }
                assertThat(renderer.contextExists()).isTrue();
                assertThat(rasteriserThreads())
                        .as("while round %d is open", round)
                        .isEqualTo(threads);
            } finally {
                renderer.close();
            }
            assertThat(renderer.contextExists())
                    .as("round %d's context after close", round)
                    .isFalse();
            assertThat(rasteriserThreads()).as("after round %d", round).isEqualTo(threads);
        }
    }

    /**
     * Twelve renderers, each loading shapes.sdf fifteen times with a 640 × 480 camera of every output and drawing
     * twice: from the second renderer on (the driver's caches filled), the process's native memory (its resident set
     * less the committed Java heap and the direct buffers the garbage collector has yet to free) must not grow by
     * 128 MB. That measure moves by up to about 60 MB between rounds here without any leak (the heap's pages are
     * returned to the system in the background); a leak of only the camera's render buffers (4 × 640 × 480 × 4
     * bytes) would be 150 × 4.9 MB = 737 MB. Every frame is the same bytes, whichever renderer and load drew it.
     */
    @Test
    void manyFramesReloadsAndRenderersDoNotGrowNativeMemory() throws IOException {
        WorldSpec shapes = shapes();
        CameraModel model = CameraModel.of(640, 480, 1.047, 0.1, 100);
        byte[] first = null;
        long baseline = 0;
        for (int round = 0; round < 12; round++) {
            try (Renderer renderer = Renderer.open()) {
                for (int load = 0; load < 15; load++) {
                    try (RenderScene scene = renderer.scene(shapes);
                            RenderCamera camera = renderer.camera(
                                    model, EnumSet.allOf(RenderOutput.class), SegmentationType.PANOPTIC)) {
                        camera.render(scene, VIEW);
                        camera.render(scene, VIEW);
                        byte[] color = CameraGeometryTests.bytes(camera.color());
                        if (first == null) {
                            first = color;
                        }
                        assertThat(color).as("round %d, load %d", round, load).isEqualTo(first);
                    }
                }
            }
            if (round == 1) {
                baseline = nativeBytes();
            }
        }
        long grown = nativeBytes() - baseline;
        assertThat(grown).as("native memory grown, bytes").isLessThan(128L << 20);
    }

    // ---------------------------------------------------------------- helpers

    private WorldSpec everyKindOfObject() throws IOException {
        TestMeshes.binaryStl(
                dir.resolve("cube.stl"),
                TestMeshes.boxVertices(new float[] {-1, -1, -1}, new float[] {1, 1, 1}),
                TestMeshes.boxTriangles());
        Path albedo = dir.resolve("albedo.png");
        BufferedImage image = new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                image.setRGB(x, y, new Color(200, 100, 50).getRGB());
            }
        }
        ImageIO.write(image, "png", albedo.toFile());
        String textured = "<material><diffuse>1 1 1 1</diffuse><pbr><metal><albedo_map>" + albedo
                + "</albedo_map></metal></pbr></material>";
        return Worlds.read(
                dir,
                "objects",
                Worlds.box("box", "3 0 0 0 0 0", "1 1 1", textured)
                        + "<model name='ball'><static>true</static><pose>4 1 0 0 0 0</pose><link name='l'>"
                        + "<visual name='v'><geometry><sphere><radius>0.5</radius></sphere></geometry></visual>"
                        + "</link></model>"
                        + "<model name='mesh'><static>true</static><pose>4 -1 0 0 0 0</pose><link name='l'>"
                        + "<visual name='v'><geometry><mesh><uri>cube.stl</uri><scale>0.3 0.3 0.3</scale></mesh>"
                        + "</geometry></visual></link></model>");
    }

    /** The view of shapes.sdf in docs/cameras.md's picture. */
    static final Pose VIEW = Pose.of(-4, 3, 2.5, 0, 0.35, -0.6);

    private static void drawShapes(Renderer renderer, CameraModel model) {
        try (RenderScene scene = renderer.scene(shapes());
                RenderCamera camera =
                        renderer.camera(model, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
            camera.render(scene, VIEW);
        }
    }

    private static WorldSpec shapes() {
        return new SdfReader(List.of()).read(Path.of("worlds/gazebo/shapes.sdf"));
    }

    private static void assertAll(GlNames names, boolean alive) {
        check("vertex array", names.vertexArrays(), n -> glIsVertexArray(n), alive);
        check("buffer", names.buffers(), n -> glIsBuffer(n), alive);
        check("texture", names.textures(), n -> glIsTexture(n), alive);
        check("framebuffer", names.framebuffers(), n -> glIsFramebuffer(n), alive);
        check("renderbuffer", names.renderbuffers(), n -> glIsRenderbuffer(n), alive);
    }

    private static void check(String kind, int[] names, IntPredicate exists, boolean alive) {
        for (int name : names) {
            assertThat(exists.test(name)).as("%s %d exists", kind, name).isEqualTo(alive);
        }
    }

    private static long rasteriserThreads() throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.filter(t -> {
                        try {
                            return Files.readString(t.resolve("comm")).startsWith("llvmpipe");
                        } catch (IOException e) {
                            return false; // the thread ended while the list was read
                        }
                    })
                    .count();
        }
    }

    /** The resident set less the committed Java heap and the direct buffers not yet freed, after a full GC. */
    private static long nativeBytes() throws IOException {
        System.gc();
        long rss = 0;
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        assertThat(rss).as("VmRSS in /proc/self/status").isPositive();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
        long direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(p -> p.getName().equals("direct"))
                .mapToLong(BufferPoolMXBean::getMemoryUsed)
                .sum();
        return rss - heap - direct;
    }
}
