package io.orrery.bench;

import com.sun.management.OperatingSystemMXBean;
import io.orrery.builtin.Extensions;
import io.orrery.device.Devices;
import io.orrery.device.camera.CameraDevice;
import io.orrery.physics.Engine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.render.CameraModel;
import io.orrery.render.RenderCamera;
import io.orrery.render.RenderOutput;
import io.orrery.render.RenderScene;
import io.orrery.render.Renderer;
import io.orrery.render.SegmentationType;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.BusDriver;
import io.orrery.topic.TopicBus;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

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
        cameraInTheLoop();
    }

    /** shapes.sdf with a rig holding a 320 × 240 camera at 30 Hz at the view of docs/cameras.md's picture. */
    private static final String RIG = "<model name='rig'><static>true</static><link name='link'>"
            + "<sensor name='camera' type='camera'><pose>-4 3 2.5 0 0.35 -0.6</pose><update_rate>30</update_rate>"
            + "<camera><horizontal_fov>1.047</horizontal_fov><image><width>320</width><height>240</height></image>"
            + "<clip><near>0.1</near><far>100</far></clip></camera></sensor></link></model>";

    /**
     * The camera device in the loop: shapes.sdf stepped with its devices (physics, then the devices' PostUpdate, as
     * the runner does) at 1 ms a step, without a camera, with a 320 × 240 colour camera at 30 Hz whose image nobody
     * subscribes to, and with the same camera and a subscriber to its image: 3 s of sim time as fast as it goes
     * (factor 0: the step's own cost, and how many frames the camera drops) and 3 s paced to wall time (factor 1:
     * frames drawn against frames due, and the cores the process uses).
     */
    private static void cameraInTheLoop() {
        try {
            String text = Files.readString(Path.of("worlds/gazebo/shapes.sdf"));
            Path file = Files.createTempFile("shapes-camera", ".sdf");
            Files.writeString(file, text.replace("</world>", RIG + "</world>"));
            WorldSpec plain = new SdfReader(List.of()).read(Path.of("worlds/gazebo/shapes.sdf"));
            WorldSpec withCamera = new SdfReader(List.of()).read(file);
            Files.delete(file);
            System.out.println("  shapes.sdf stepped with its devices, 1 ms steps, 3 s of sim time:");
            for (boolean paced : new boolean[] {false, true}) {
                loop(plain, paced, false);
                loop(withCamera, paced, false);
                loop(withCamera, paced, true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void loop(WorldSpec world, boolean paced, boolean watched) {
        OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
        int steps = 3000;
        long stepNanos = 1_000_000L;
        try (PhysicsWorld physics = Engine.JBULLET.create().build(world)) {
            TopicBus bus = new TopicBus(BusDriver.callingThread());
            Devices devices =
                    Devices.build(world, bus, 0, Extensions.discovered().deviceKinds());
            try {
                devices.reset(physics);
                if (watched) {
                    bus.subscribe(
                            "/world/shapes/model/rig/link/link/sensor/camera/image",
                            com.gz.msgs.ImageProtos.Image.class,
                            "benchmark",
                            m -> {});
                }
                UpdateInfo info = UpdateInfo.START;
                for (int i = 0; i < 500; i++) { // warm-up
                    physics.step(stepNanos / 1e9);
                    info = info.next(stepNanos, 0);
                    devices.postUpdate(info, physics);
                }
                CameraDevice camera = devices.list().stream()
                        .filter(CameraDevice.class::isInstance)
                        .map(CameraDevice.class::cast)
                        .findFirst()
                        .orElse(null);
                if (camera != null) {
                    camera.awaitFrames();
                }
                long dropped0 = camera == null ? 0 : camera.framesDropped();
                long drawn0 = camera == null ? 0 : camera.framesDrawn();
                long[] took = new long[steps];
                long cpu = os.getProcessCpuTime();
                long start = System.nanoTime();
                for (int i = 0; i < steps; i++) {
                    long t = System.nanoTime();
                    physics.step(stepNanos / 1e9);
                    info = info.next(stepNanos, 0);
                    devices.postUpdate(info, physics);
                    took[i] = System.nanoTime() - t;
                    if (paced) {
                        long wait = start + (i + 1) * stepNanos - System.nanoTime();
                        if (wait > 0) {
                            LockSupport.parkNanos(wait);
                        }
                    }
                }
                long wall = System.nanoTime() - start;
                cpu = os.getProcessCpuTime() - cpu;
                Arrays.sort(took);
                long due = 3 * 30;
                if (camera != null) {
                    camera.awaitFrames();
                }
                long dropped = camera == null ? 0 : camera.framesDropped() - dropped0;
                long drawn = camera == null ? 0 : camera.framesDrawn() - drawn0;
                System.out.printf(
                        Locale.ROOT,
                        "    %-9s %-32s step mean %6.1f µs, p99 %7.1f µs, max %7.1f µs; wall %5.2f s; %4.2f cores%s%n",
                        paced ? "factor 1" : "factor 0",
                        camera == null ? "no camera" : "camera 320×240 30 Hz, " + (watched ? "watched" : "unwatched"),
                        Arrays.stream(took).average().orElse(0) / 1e3,
                        took[steps * 99 / 100] / 1e3,
                        took[steps - 1] / 1e3,
                        wall / 1e9,
                        cpu / (double) wall,
                        camera == null
                                ? ""
                                : String.format(
                                        Locale.ROOT, "; frames due %d, drawn %d, dropped %d", due, drawn, dropped));
            } finally {
                devices.close();
                bus.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
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
