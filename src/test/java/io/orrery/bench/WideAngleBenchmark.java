package io.orrery.bench;

import com.sun.management.OperatingSystemMXBean;
import io.orrery.render.CameraLens;
import io.orrery.render.CameraModel;
import io.orrery.render.FrameCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.render.Renderer;
import io.orrery.render.SegmentationType;
import io.orrery.render.WideAngleCamera;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

/**
 * Wide-angle camera frames ({@code wide-angle}): frames a second and CPU a frame of one renderer drawing Gazebo's
 * shapes.sdf from the view of docs/cameras.md's picture into a 320 × 240 image: the pinhole colour camera as the
 * baseline in the same run, then a gnomonical lens (one cube face) and camera_lens_flare.sdf's equidistant lens over π
 * cut at π/2 (five faces), each with faces of 256 and 512 pixels; a second of warm-up, then 3 s each.
 */
final class WideAngleBenchmark {

    static final String NAME = "wide-angle";

    private static final long WARM_UP_NANOS = 1_000_000_000L;
    private static final long MEASURE_NANOS = 3_000_000_000L;

    private WideAngleBenchmark() {}

    static void run() {
        WorldSpec shapes = new SdfReader(List.of()).read(Path.of("worlds/gazebo/shapes.sdf"));
        OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
        Pose pose = Pose.of(-4, 3, 2.5, 0, 0.35, -0.6);
        CameraModel image = CameraModel.of(320, 240, 1.047, 0.1, 100);
        try (Renderer renderer = Renderer.open();
                RenderScene scene = renderer.scene(shapes)) {
            System.out.printf(Locale.ROOT, "wide-angle: %s; shapes.sdf, 320×240 colour%n", renderer.description());
            try (FrameCamera pinhole =
                    renderer.camera(image, EnumSet.of(RenderOutput.COLOR), SegmentationType.SEMANTIC)) {
                measure("pinhole (baseline)", pinhole, scene, pose, os);
            }
            for (int side : new int[] {256, 512}) {
                CameraLens gnomonical =
                        CameraLens.of("gnomonical", 1, 1, 0, 1, CameraLens.Fun.TAN, true, Math.PI / 2, 1.047, side);
                CameraLens equidistant =
                        CameraLens.of("equidistant", 1, 1, 0, 1, CameraLens.Fun.ID, true, 1.5707, 3.14159, side);
                for (CameraLens lens : List.of(gnomonical, equidistant)) {
                    try (WideAngleCamera camera = renderer.wideAngleCamera(image, lens)) {
                        int faces = camera.facesDrawn();
                        String label = String.format(
                                Locale.ROOT, "%s, %d face%s of %d²", lens.type(), faces, faces == 1 ? "" : "s", side);
                        measure(label, camera, scene, pose, os);
                    }
                }
            }
        }
    }

    private static void measure(
            String label, FrameCamera camera, RenderScene scene, Pose pose, OperatingSystemMXBean os) {
        frames(camera, scene, pose, WARM_UP_NANOS);
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        int n = frames(camera, scene, pose, MEASURE_NANOS);
        long wall = System.nanoTime() - start;
        cpu = os.getProcessCpuTime() - cpu;
        System.out.printf(
                Locale.ROOT,
                "  %-34s %8.1f frames/s  %8.2f ms wall  %8.2f ms CPU a frame  (%d frames)%n",
                label,
                n / (wall / 1e9),
                wall / 1e6 / n,
                cpu / 1e6 / n,
                n);
    }

    private static int frames(FrameCamera camera, RenderScene scene, Pose pose, long nanos) {
        long end = System.nanoTime() + nanos;
        int n = 0;
        while (System.nanoTime() < end) {
            camera.render(scene, pose);
            n++;
        }
        return n;
    }
}
