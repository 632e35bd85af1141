package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.system.PreUpdate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Issue 33 item 1, where the runner cannot recover: the physics engine fails in a step (as in
 * {@link PhysicsFailureRecoveryTests}), and the reset that would rebuild the world aborts the run instead, because a
 * system cannot be reset. Nothing in this process can simulate again, so liveness goes DOWN and Kubernetes restarts
 * the pod (before, the run ended aborted with liveness UP for ever).
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.world=worlds/default.sdf",
            // the failure is JBullet's (native Bullet takes the 1e30 sphere without throwing)
            "orrery.physics.engine=jbullet",
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s"
        })
@DirtiesContext
class PhysicsFailureLivenessTests {

    @Autowired
    TestRestTemplate http;

    @Test
    void livenessGoesDownWhenTheWorldCannotBeRebuiltAfterAnEngineFailure() throws Exception {
        PhysicsFailureRecoveryTests helper = new PhysicsFailureRecoveryTests();
        helper.http = http;
        ActuatorEndpointsTests.await(() -> helper.allowed().contains("reset"), "the world loaded");
        assertThat(helper.spawnVictim().getStatusCode().value()).isEqualTo(201);
        assertThat(helper.post("/api/simulation/step?count=200").getStatusCode().value())
                .isEqualTo(409);
        assertThat(http.getForEntity("/actuator/health/liveness", String.class).getStatusCode())
                .isEqualTo(HttpStatus.OK);

        helper.post("/api/simulation/reset");

        JsonNode status = helper.status();
        assertThat(status.get("outcome").asText()).isEqualTo("aborted");
        assertThat(status.get("message").asText()).contains("reset is not supported by");
        ActuatorEndpointsTests.await(
                () -> http.getForEntity("/actuator/health/liveness", String.class)
                                .getStatusCode()
                        == HttpStatus.SERVICE_UNAVAILABLE,
                "liveness DOWN");
    }

    /** As {@link PhysicsFailureRecoveryTests}'s system, but one that cannot be reset. */
    @TestConfiguration(proxyBeanMethods = false)
    static class Saboteur {

        @Bean
        PreUpdate planetMaker() {
            return PhysicsFailureRecoveryTests::addPlanetWhenVictimIsThere;
        }
    }
}
