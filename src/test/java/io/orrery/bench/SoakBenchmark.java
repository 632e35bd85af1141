package io.orrery.bench;

import io.orrery.OrreryApplication;
import io.orrery.soak.Soak;
import io.orrery.soak.SoakReport;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The long soak: Orrery on a random port in this JVM, {@value Soak#CLIENTS} clients for {@code orrery.soak.seconds}
 * (60) mixing every kind of command (see {@link Soak}); prints the report, with threads and heap in the first and
 * last 10 s.
 */
final class SoakBenchmark {

    private SoakBenchmark() {}

    static void run() throws Exception {
        Path worlds = Files.createTempDirectory("orrery-soak-worlds").toRealPath();
        Soak.copyWorld(worlds);
        long seconds = Long.getLong("orrery.soak.seconds", 60);
        // as command-line arguments: they win over config/application.yaml in the working directory
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(OrreryApplication.class)
                .run(
                        "--server.port=0",
                        "--orrery.worlds-dir=" + worlds,
                        "--orrery.world=" + worlds.resolve(Soak.WORLD),
                        "--orrery.real-time-factor=0",
                        "--orrery.start-paused=true",
                        "--orrery.status-log-interval=0s",
                        "--logging.level.root=warn",
                        "--logging.level.io.orrery=warn")) {
            int port = ((ServletWebServerApplicationContext) context)
                    .getWebServer()
                    .getPort();
            SoakReport report = new Soak(
                            URI.create("http://localhost:" + port + "/"),
                            worlds,
                            Soak.CLIENTS,
                            Duration.ofSeconds(seconds),
                            Long.getLong("orrery.soak.seed", 20261122L))
                    .run();
            System.out.println();
            System.out.println(report);
        }
    }
}
