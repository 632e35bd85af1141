package io.orrery.ops;

import static io.orrery.ops.ActuatorEndpointsTests.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.system.PreUpdate;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The watchdog end to end: a controller that blocks the runner thread makes liveness 503 after
 * orrery.watchdog-timeout; once released, liveness is 200 again.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=src/test/resources/worlds/runner_drop.sdf",
            "orrery.real-time-factor=1",
            "orrery.watchdog-timeout=1s"
        })
@DirtiesContext
class WatchdogLivenessTests {

    static final AtomicBoolean WEDGE = new AtomicBoolean();
    static final CountDownLatch RELEASE = new CountDownLatch(1);

    @Autowired
    TestRestTemplate http;

    @AfterAll
    static void releaseTheRunnerWhateverHappened() {
        RELEASE.countDown();
    }

    @Test
    void aWedgedLoopIsNotLiveAndLiveAgainOnceItMovesOn() throws Exception {
        await(() -> status("/actuator/health/readiness") == HttpStatus.OK, "ready");
        assertThat(status("/actuator/health/liveness")).isEqualTo(HttpStatus.OK);

        WEDGE.set(true);
        await(() -> status("/actuator/health/liveness") == HttpStatus.SERVICE_UNAVAILABLE, "liveness 503");

        RELEASE.countDown();
        await(() -> status("/actuator/health/liveness") == HttpStatus.OK, "liveness 200 again");
    }

    private HttpStatus status(String path) {
        return HttpStatus.valueOf(
                http.getForEntity(path, String.class).getStatusCode().value());
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class WedgingController {

        @Bean
        PreUpdate wedgingController() {
            return (info, world) -> {
                if (WEDGE.get() && !info.paused()) {
                    try {
                        RELEASE.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
        }
    }
}
