package io.orrery.bench;

import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.QuaternionProtos.Quaternion;
import com.gz.msgs.TimeProtos.Time;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.transport.record.mcap.McapCompression;
import io.orrery.transport.record.mcap.McapMessageCursor;
import io.orrery.transport.record.mcap.McapReader;
import io.orrery.transport.record.mcap.McapWriter;
import io.orrery.transport.record.mcap.McapWriterOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What the MCAP writer costs and what it writes, for the recording of a run (issue 38): one simulated minute at 1 kHz
 * of what the scene broadcaster publishes, a {@code gz.msgs.Pose_V} of 50 moving links and a {@code gz.msgs.Clock}
 * each step (120,000 messages), serialized beforehand so that only the writer is measured, for each compression;
 * then reading it back. The writer's CPU time (its thread's), per message and per step, and the file's size per
 * simulated minute; after a warm-up run of each. {@code ./mvnw -q test-compile exec:java -Dexec.args="mcap"}.
 */
final class McapBenchmark {

    static final String NAME = "mcap";
    private static final int STEPS = 60_000;
    private static final int LINKS = 50;

    private McapBenchmark() {}

    static void run() throws Exception {
        byte[][] poses = new byte[STEPS][];
        byte[][] clocks = new byte[STEPS][];
        for (int step = 0; step < STEPS; step++) {
            poses[step] = poses(step).toByteArray();
            clocks[step] = clock(step).toByteArray();
        }
        Path dir = Files.createDirectories(Path.of("target/bench-mcap"));
        for (McapCompression c : McapCompression.values()) {
            write(dir.resolve("warmup.mcap"), c, poses, clocks);
        }
        System.out.printf(
                Locale.ROOT,
                "mcap: one simulated minute at 1 kHz: a Pose_V of %d links (%d bytes) and a Clock each step%n",
                LINKS,
                poses[0].length);
        for (McapCompression c : McapCompression.values()) {
            Path file = dir.resolve(c.name().toLowerCase(Locale.ROOT) + ".mcap");
            long cpu = write(file, c, poses, clocks);
            long size = Files.size(file);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long readStart = threads.getCurrentThreadCpuTime();
            long read = 0;
            try (McapReader reader = McapReader.open(file)) {
                McapMessageCursor messages = reader.messages();
                while (messages.next() != null) {
                    read++;
                }
            }
            long readCpu = threads.getCurrentThreadCpuTime() - readStart;
            System.out.printf(
                    Locale.ROOT,
                    "  %-4s write %.2f us CPU a step (%.0f ns a message), %.1f MB a simulated minute; read %d"
                            + " messages in %.2f s CPU%n",
                    c,
                    cpu / 1e3 / STEPS,
                    (double) cpu / (2.0 * STEPS),
                    size / 1e6,
                    read,
                    readCpu / 1e9);
        }
    }

    /** The writer thread's CPU time to write every step's two messages and close the file. */
    private static long write(Path file, McapCompression c, byte[][] poses, byte[][] clocks) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        try (McapWriter writer =
                McapWriter.create(file, McapWriterOptions.defaults().withCompression(c))) {
            int schema = writer.addSchema("gz.msgs.Pose_V", "protobuf", new byte[0]);
            int clockSchema = writer.addSchema("gz.msgs.Clock", "protobuf", new byte[0]);
            int pose = writer.addChannel(schema, "/world/default/dynamic_pose/info", "protobuf", Map.of());
            int clock = writer.addChannel(clockSchema, "/world/default/clock", "protobuf", Map.of());
            for (int step = 0; step < STEPS; step++) {
                long t = 1_000_000L * (step + 1);
                writer.addMessage(pose, step, t, t, poses[step]);
                writer.addMessage(clock, step, t, t, clocks[step]);
            }
        }
        return threads.getCurrentThreadCpuTime() - start;
    }

    private static Pose_V poses(int step) {
        Pose_V.Builder v = Pose_V.newBuilder();
        double t = step / 1000.0;
        for (int i = 0; i < LINKS; i++) {
            double a = 0.3 * t + i;
            v.addPose(Pose.newBuilder()
                    .setName("model_" + i + "::link")
                    .setId(10 + i)
                    .setPosition(Vector3d.newBuilder()
                            .setX(i + Math.cos(a))
                            .setY(Math.sin(a))
                            .setZ(0.5))
                    .setOrientation(
                            Quaternion.newBuilder().setZ(Math.sin(a / 2)).setW(Math.cos(a / 2))));
        }
        return v.build();
    }

    private static Clock clock(int step) {
        long ns = 1_000_000L * (step + 1);
        Time sim = Time.newBuilder()
                .setSec(ns / 1_000_000_000L)
                .setNsec((int) (ns % 1_000_000_000L))
                .build();
        return Clock.newBuilder().setSim(sim).setReal(sim).build();
    }
}
