package io.orrery.bench;

import com.sun.management.OperatingSystemMXBean;
import io.orrery.physics.Engine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.render.CameraModel;
import io.orrery.render.RenderCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.render.Renderer;
import io.orrery.render.SegmentationType;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Camera frames ({@code render}): frames a second and CPU per frame of one renderer drawing Gazebo's shapes.sdf (its
 * ground, five shapes, the sun) at 64×64, 320×240 and 640×480, colour alone, depth alone and all three outputs,
 * each after a second of warm-up, read back into memory as a camera device would; and beside it, in the same run, a
 * physics step of the same world on JBullet. CPU is the whole process's (llvmpipe draws on threads of its own, as
 * many as the machine has cores unless {@code LP_NUM_THREADS} says otherwise), so CPU per frame above the frame's
 * wall time means more than one core drew it.
 */
final class RenderBenchmark {

    static final String NAME = "render";

    private static final long WARM_UP_NANOS = 1_000_000_000L;
    private static final long MEASURE_NANOS = 4_000_000_000L;

    private RenderBenchmark() {}

    static void run() {
        WorldSpec shapes = new SdfReader(List.of()).read(Path.of("worlds/gazebo/shapes.sdf"));
        OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
        // the view of docs/cameras.md's picture: all five shapes, the ground and the horizon
        Pose pose = Pose.of(-4, 3, 2.5, 0, 0.35, -0.6);
        try (Renderer renderer = Renderer.open()) {
            RenderScene scene = renderer.scene(shapes);
            System.out.printf(
                    Locale.ROOT,
                    "render: %s; shapes.sdf: %d visuals, %d triangles; LP_NUM_THREADS=%s%n",
                    renderer.description(),
                    scene.visualCount(),
                    scene.triangleCount(),
                    System.getenv().getOrDefault("LP_NUM_THREADS", "(unset)"));
            int[][] sizes = {{64, 64}, {320, 240}, {640, 480}};
            List<Set<RenderOutput>> kinds = List.of(
                    EnumSet.of(RenderOutput.COLOR), EnumSet.of(RenderOutput.DEPTH), EnumSet.allOf(RenderOutput.class));
            for (int[] size : sizes) {
                for (Set<RenderOutput> outputs : kinds) {
                    CameraModel model = CameraModel.of(size[0], size[1], 1.047, 0.1, 100);
                    try (RenderCamera camera = renderer.camera(model, outputs, SegmentationType.SEMANTIC)) {
                        frames(camera, scene, pose, WARM_UP_NANOS);
                        long cpu = os.getProcessCpuTime();
                        long start = System.nanoTime();
                        int n = frames(camera, scene, pose, MEASURE_NANOS);
                        long wall = System.nanoTime() - start;
                        cpu = os.getProcessCpuTime() - cpu;
                        System.out.printf(
                                Locale.ROOT,
                                "  %4d×%-4d %-26s %8.1f frames/s  %7.3f ms wall  %7.3f ms CPU a frame  (%d frames)%n",
                                size[0],
                                size[1],
                                outputs.size() == 3
                                        ? "colour+depth+segmentation"
                                        : outputs.iterator().next(),
                                n / (wall / 1e9),
                                wall / 1e6 / n,
                                cpu / 1e6 / n,
                                n);
                    }
                }
            }
        }
        physics(shapes);
    }

    /** Frames drawn and read back until {@code nanos} have passed. */
    private static int frames(RenderCamera camera, RenderScene scene, Pose pose, long nanos) {
        long end = System.nanoTime() + nanos;
        int n = 0;
        while (System.nanoTime() < end) {
            camera.render(scene, pose);
            n++;
        }
        return n;
    }

    /** The baseline: one physics step of the same world, its shapes falling and resting, on JBullet. */
    private static void physics(WorldSpec shapes) {
        try (PhysicsWorld world = Engine.JBULLET.create().build(shapes)) {
            for (int i = 0; i < 2_000; i++) { // warm-up: the JIT, and the shapes settle
                world.step(0.001);
            }
            int steps = 20_000;
            long start = System.nanoTime();
            for (int i = 0; i < steps; i++) {
                world.step(0.001);
            }
            long wall = System.nanoTime() - start;
            System.out.printf(
                    Locale.ROOT,
                    "  beside it: a 1 ms physics step of shapes.sdf on JBullet, %.1f µs (%d steps)%n",
                    wall / 1e3 / steps,
                    steps);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
