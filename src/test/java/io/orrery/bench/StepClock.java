package io.orrery.bench;

import io.orrery.physics.PhysicsWorld;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Times the steps between two iterations, wall and runner-thread CPU, from the PreUpdate that follows each: the timed
 * span holds the loop's whole work for those steps (systems, physics, statistics). Also notes when the first step
 * ended, for start-up figures.
 */
final class StepClock implements PreUpdate, Stateless {
    private final long from;
    private final long to;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long startNanos;
    private long endNanos;
    private long startCpuNanos;
    private long endCpuNanos;
    private long firstStepEndMillis;

    /** Times from {@code from} steps done to {@code to} steps done. */
    StepClock(long from, long to) {
        this.from = from;
        this.to = to;
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        long done = info.iterations() - 1; // steps completed before this iteration's
        if (done == 1) {
            firstStepEndMillis = System.currentTimeMillis();
        }
        if (done == from) {
            startNanos = System.nanoTime();
            startCpuNanos = threads.getCurrentThreadCpuTime(); // the runner thread, which steps the world
        } else if (done == to) {
            endNanos = System.nanoTime();
            endCpuNanos = threads.getCurrentThreadCpuTime();
        }
    }

    double seconds() {
        return (endNanos - startNanos) / 1e9;
    }

    double cpuSeconds() {
        return (endCpuNanos - startCpuNanos) / 1e9;
    }

    /** The wall-clock time (epoch ms) the first step ended. */
    long firstStepEndMillis() {
        return firstStepEndMillis;
    }
}
