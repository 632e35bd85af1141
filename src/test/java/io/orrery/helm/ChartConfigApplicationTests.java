package io.orrery.helm;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.OrreryApplication;
import io.orrery.lifecycle.SimState;
import io.orrery.ops.OrreryProperties;
import io.orrery.runner.SimulationRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The chart and the application agree on property names: the application.yaml the chart renders into its
 * ConfigMap, given to the application exactly as the pod gives it (an additional config location), runs the
 * simulation as configured.
 */
class ChartConfigApplicationTests {

    @TempDir
    Path dir;

    @Test
    void theRenderedApplicationYamlRunsTheSimulationAsConfigured() throws Exception {
        Map<String, Object> orrery = new LinkedHashMap<>();
        orrery.put(
                "world",
                Path.of("src/test/resources/worlds/runner_drop.sdf")
                        .toAbsolutePath()
                        .toString());
        orrery.put("worlds-dir", dir.toString());
        orrery.put("step-size", "2ms");
        orrery.put("real-time-factor", 0);
        orrery.put("start-paused", true);
        orrery.put("max-steps-per-frame", 5);
        orrery.put("physics", Map.of("engine", "bullet"));
        String applicationYaml = OrreryChart.template(dir, Map.of("orrery", orrery))
                .one("ConfigMap")
                .get("data", "application.yaml")
                .string();
        Path config = Files.createDirectories(dir.resolve("config"));
        Files.writeString(config.resolve("application.yaml"), applicationYaml);

        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(OrreryApplication.class)
                .run("--server.port=0", "--spring.config.additional-location=file:" + config + "/")) {
            OrreryProperties properties = context.getBean(OrreryProperties.class);
            assertThat(properties.stepSize()).isEqualTo(Duration.ofMillis(2));
            assertThat(properties.realTimeFactor()).isZero();
            assertThat(properties.maxStepsPerFrame()).isEqualTo(5);
            assertThat(properties.worldsDirectory()).isEqualTo(dir);

            SimulationRunner runner = context.getBean(SimulationRunner.class);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (runner.reads().currentState() != SimState.PAUSE && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(runner.reads().currentState()).isEqualTo(SimState.PAUSE);
            assertThat(runner.reads().status().worldName()).hasValue("runner_drop");
            assertThat(runner.reads().status().engine()).isEqualTo("bullet");
            assertThat(runner.reads().status().stepSizeNanos()).isEqualTo(2_000_000);
            assertThat(runner.reads().status().realTimeFactor()).isZero();
            assertThat(runner.control().step(10).get(10, TimeUnit.SECONDS).simTimeNanos())
                    .isEqualTo(20_000_000);
        }
    }
}
