package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.OrreryApplication;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** Stopping the application closes a connected controller's connection (1001) instead of waiting on it. */
class ControlShutdownTests {

    static final Path WORLD = ControlServer.diffDriveWorld();

    @Test
    void aConnectedControllerIsToldTheServerIsGoingAway() throws Exception {
        ConfigurableApplicationContext server = new SpringApplicationBuilder(OrreryApplication.class)
                .run(
                        "--server.port=0",
                        "--orrery.worlds-dir=" + WORLD.getParent(),
                        "--orrery.world=" + WORLD,
                        "--orrery.real-time-factor=0",
                        "--orrery.start-paused=true",
                        "--orrery.status-log-interval=0s",
                        "--spring.lifecycle.timeout-per-shutdown-phase=10m");
        int port = ((WebServerApplicationContext) server).getWebServer().getPort();
        ControlClient c = ControlClient.connect(port);
        c.call(c.request("observe"));

        // The control connections are closed (1001, going away) before the web server's graceful shutdown; without
        // that the client saw its connection dropped (1006) when the server stopped. The shutdown phase may wait
        // 10 minutes here: the 60 s join only detects a close that waits on the controller.
        Thread closing = new Thread(server::close, "closing");
        closing.start();
        closing.join(Duration.ofSeconds(60).toMillis());
        assertThat(closing.isAlive())
                .as("the application still closing, waiting on the controller")
                .isFalse();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (c.closedBecause() == null) {
            assertThat(System.nanoTime()).as("closed by the server").isLessThan(deadline);
            Thread.sleep(5);
        }
        assertThat(c.closedBecause()).startsWith("1001");
        c.close();
    }
}
