package io.orrery.physics.bullet;

import static org.assertj.core.api.Assertions.assertThat;

import com.jme3.bullet.NativePhysicsObject;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.SimulationFixture;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Closing a world frees its native objects: a reload loop of 100 default worlds leaves no more live native objects
 * than one world holds. Counted with Libbulletjme's tracker count (every live native object has one) rather than
 * the process's RSS, which the JVM's own heap moves by far more than one small world costs.
 */
class NativeMemoryTests {

    @Test
    void aReloadLoopOfOneHundredWorldsLeavesNoNativeObjectsBehind() throws InterruptedException {
        WorldSpec spec = SimulationFixture.read(Path.of("worlds/default.sdf"));
        BulletPhysicsEngine engine = new BulletPhysicsEngine();
        try (PhysicsWorld warm = engine.build(spec)) {
            warm.step(0.001);
        }
        int baseline = settledTrackers();
        int perWorld;
        try (PhysicsWorld one = engine.build(spec)) {
            one.step(0.001);
            perWorld = NativePhysicsObject.countTrackers() - baseline;
        }
        assertThat(perWorld).as("native objects one world holds").isPositive();
        for (int i = 0; i < 100; i++) {
            try (PhysicsWorld world = engine.build(spec)) {
                world.step(0.001);
            }
        }
        // All 101 closed worlds' objects are freed once collected: back to the baseline, where a leak of even one
        // world in ten would leave 10 × perWorld behind. Half a world's objects allows for wrappers the collector
        // has not reached yet.
        assertThat(trackersOnceBelow(baseline + perWorld / 2) - baseline).isLessThan(perWorld / 2);
    }

    /**
     * The tracker count once it is below {@code limit}, or after two minutes: Orrery's cleaner thread frees what the
     * collector found, and on a loaded machine it may not run for seconds, so a count that still falls is waited for
     * (a guard against a leak that never frees, not a measure of time).
     */
    private static int trackersOnceBelow(int limit) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        int now;
        do {
            System.gc();
            Thread.sleep(100);
            now = NativePhysicsObject.countTrackers();
        } while (now >= limit && System.nanoTime() < deadline);
        return now;
    }

    /** The tracker count once the collector and Libbulletjme's cleaner thread have caught up. */
    private static int settledTrackers() throws InterruptedException {
        int previous = -1;
        for (int i = 0; i < 50; i++) {
            System.gc();
            Thread.sleep(100);
            int now = NativePhysicsObject.countTrackers();
            if (now == previous) {
                return now;
            }
            previous = now;
        }
        return previous;
    }
}
