package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.lifecycle.SimState;
import io.orrery.runner.SimulationRunner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The service as users start it: the default world loads and runs, and the actuator answers over real HTTP. The
 * context is closed afterwards, so its world, running as fast as possible, does not take a core from later tests.
 */
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "orrery.real-time-factor=0")
class OrreryApplicationTests {

    @Autowired
    SimulationRunner runner;

    @Autowired
    TestRestTemplate http;

    @Test
    void theDefaultWorldLoadsAndAdvances() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (runner.reads().status().iterations() < 500 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(runner.reads().status().worldName()).hasValue("orrery_demo");
        assertThat(runner.reads().status().iterations()).isGreaterThanOrEqualTo(500);
        assertThat(runner.reads().status().outcome()).isEmpty();
        assertThat(runner.reads().currentState())
                .isIn(SimState.STEP_BEGIN, SimState.STEP_SIMULATOR, SimState.STEP_CONTROLLER, SimState.STEP_END);

        // Readiness is re-evaluated about once a second, so health turns UP shortly after the world runs.
        var health = http.getForEntity("/actuator/health", String.class);
        while (health.getStatusCode() != HttpStatus.OK && System.nanoTime() < deadline) {
            Thread.sleep(50);
            health = http.getForEntity("/actuator/health", String.class);
        }
        assertThat(health.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(health.getBody()).contains("\"simulation\"").contains("\"plugins\"");
    }
}
