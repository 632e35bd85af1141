package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.runner.SimulationRunner;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application on a copy of Gazebo's diff_drive.sdf, on a random port: what the control tests and the example
 * controller's test run against. Subclasses are {@code @SpringBootTest(webEnvironment = RANDOM_PORT)} with their own
 * properties.
 */
public abstract class DiffDriveApplication {

    /** The copy of diff_drive.sdf the application loads (fails when worlds/gazebo is missing). */
    protected static final Path WORLD = ControlServer.diffDriveWorld();

    @LocalServerPort
    protected int port;

    @Autowired
    protected SimulationRunner runner;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", () -> WORLD.getParent().toString());
        registry.add("orrery.world", WORLD::toString);
    }

    /** Waits until the world is loaded and paused, as a test started paused finds it. */
    protected void awaitPaused() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!runner.reads().status().paused()) {
            assertThat(System.nanoTime()).as("paused after load").isLessThan(deadline);
            Thread.sleep(5);
        }
    }
}
