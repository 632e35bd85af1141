package io.orrery.bench;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import io.orrery.builtin.Extensions;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.RunResult;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.world.sdf.SdfReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * The {@code pacing} benchmark: worlds/default.sdf (1 ms step) through the real runner, paced in real time. First 6 s
 * of sim at factor 2 from a cold JVM, whose wall time shows whether the JIT's warm-up is made up; then 10 s at
 * factor 1, reporting the CPU each simulated second costs and how late each step starts.
 *
 * <p>A PreUpdate system measures, so the loop is the runner's own. CPU is process CPU
 * ({@code com.sun.management.OperatingSystemMXBean}), split into the runner thread's and other Java threads'
 * ({@code ThreadMXBean}) and the rest, the JVM's own threads (JIT compilers, GC). Lateness is a step's start minus
 * its due time, {@code anchor + simEnd / factor}. The pacer's anchor is not visible from outside, but no step
 * starts before its due time, so the smallest {@code start - simEnd / factor} of the run stands for it: lateness is
 * measured from the most punctual step and understated by that step's own lateness (microseconds).
 */
final class Pacing {

    private static final Path WORLD = Path.of("worlds/default.sdf");

    private Pacing() {}

    static void run() throws Exception {
        System.out.println();
        System.out.println("Pacing: " + WORLD + " through the runner, real clock, pacer defaults");
        Probe cold = runAt(2, 6000);
        double span = cold.startSpanNanos() / 1e9;
        System.out.printf(
                Locale.ROOT,
                "factor 2, 6 s of sim from a cold JVM: %.3f s wall from the first step to the"
                        + " stop; first to last step start %.3f s (due: 2.9995 s, %+.2f%%); lateness p99 %.1f ms, max %.1f ms"
                        + "%n",
                cold.result.wallTimeNanos() / 1e9,
                span,
                (span / 2.9995 - 1) * 100,
                cold.latenessQuantile(0.99) / 1e6,
                cold.latenessQuantile(1) / 1e6);
        Probe real = runAt(1, 10_000);
        System.out.println("factor 1, 10 s of sim, CPU per simulated second: " + real.cpu(0, 2) + " over the run, "
                + real.cpu(1, 2) + " over its last 5 s");
        System.out.printf(
                Locale.ROOT,
                "factor 1 step lateness: p50 %.1f us, p99 %.1f us, max %.2f ms, %d of %d steps"
                        + " over 1 ms; mean step %.1f us; %.3f s wall%n",
                real.latenessQuantile(0.5) / 1e3,
                real.latenessQuantile(0.99) / 1e3,
                real.latenessQuantile(1) / 1e6,
                real.stepsLaterThan(1_000_000),
                real.steps(),
                real.result.statistics().cycleSeconds().mean() * 1e6,
                real.result.wallTimeNanos() / 1e9);
    }

    private static Probe runAt(double factor, int steps) throws Exception {
        Probe probe = new Probe(factor, steps);
        SimulationRunner runner = SimulationRunner.builder(
                        new SdfReader(List.of())::read, WORLD, new JBulletPhysicsEngine())
                .systems(() -> List.of(new SystemRegistration(probe, OptionalInt.empty())))
                .settings(RunnerSettings.defaults().withRealTimeFactor(factor).withStopAfterSteps(steps))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.start();
        probe.result = runner.finished().get(5, TimeUnit.MINUTES);
        return probe;
    }

    /** CPU times at one step, in nanoseconds. */
    private record CpuSample(long sim, long runnerThread, long allJavaThreads, long process) {}

    /** Records when each step starts, and CPU times at the first, middle and last step, on the runner thread. */
    private static final class Probe implements PreUpdate, Stateless {
        private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        private final OperatingSystemMXBean os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
        private final double factor;
        private final long[] startMinusDue;
        private final long[] starts;
        private final CpuSample[] cpu = new CpuSample[3];
        private int recorded;
        private RunResult result;

        Probe(double factor, int steps) {
            this.factor = factor;
            this.startMinusDue = new long[steps];
            this.starts = new long[steps];
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            int n = startMinusDue.length;
            if (info.paused() || recorded == n) {
                return;
            }
            long now = System.nanoTime();
            starts[recorded] = now;
            startMinusDue[recorded] = now - Math.round(info.simTimeNanos() / factor);
            recorded++;
            if (recorded == 1 || recorded == n / 2 || recorded == n) {
                long allThreads = Arrays.stream(threads.getThreadCpuTime(threads.getAllThreadIds()))
                        .filter(t -> t > 0)
                        .sum();
                cpu[recorded == 1 ? 0 : recorded == n ? 2 : 1] = new CpuSample(
                        info.simTimeNanos(), threads.getCurrentThreadCpuTime(), allThreads, os.getProcessCpuTime());
            }
        }

        int steps() {
            return recorded;
        }

        long startSpanNanos() {
            return starts[recorded - 1] - starts[0];
        }

        /** CPU seconds per simulated second between two samples: the process's, and how it splits. */
        String cpu(int from, int to) {
            CpuSample a = cpu[from];
            CpuSample b = cpu[to];
            double sim = b.sim() - a.sim();
            double runner = (b.runnerThread() - a.runnerThread()) / sim;
            double others = (b.allJavaThreads() - a.allJavaThreads()) / sim - runner;
            double process = (b.process() - a.process()) / sim;
            return String.format(
                    Locale.ROOT,
                    "%.3f s (runner thread %.3f, other Java threads %.3f, JVM's own %.3f)",
                    process,
                    runner,
                    others,
                    process - runner - others);
        }

        private long[] lateness() {
            long[] sorted = Arrays.copyOf(startMinusDue, recorded);
            Arrays.sort(sorted);
            long anchor = sorted[0];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] -= anchor;
            }
            return sorted;
        }

        /** The {@code q} quantile of the lateness in nanoseconds; 1 is the maximum. */
        double latenessQuantile(double q) {
            long[] sorted = lateness();
            return sorted[(int) Math.max(0, Math.ceil(q * sorted.length) - 1)];
        }

        long stepsLaterThan(long nanos) {
            return Arrays.stream(lateness()).filter(l -> l > nanos).count();
        }
    }
}
