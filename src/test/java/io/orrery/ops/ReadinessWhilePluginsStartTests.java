package io.orrery.ops;

import static io.orrery.ops.ActuatorEndpointsTests.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;

/** Readiness refuses traffic while a slow plugin starts and accepts it once it has; liveness stays UP. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.world=src/test/resources/worlds/slow_plugin.sdf", "orrery.real-time-factor=1"})
@DirtiesContext
class ReadinessWhilePluginsStartTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Held by the slow plugin's start until the test releases it. */
    static final CountDownLatch RELEASE = new CountDownLatch(1);

    @Autowired
    TestRestTemplate http;

    @AfterAll
    static void releaseTheRunnerWhateverHappened() {
        RELEASE.countDown();
    }

    @Test
    void readinessIs503WhileTheSlowPluginStartsAnd200AfterLivenessStaysUp() throws Exception {
        await(
                () -> body("/actuator/health/readiness")
                        .path("components")
                        .path("plugins")
                        .path("details")
                        .path("started")
                        .asText()
                        .equals("0/1"),
                "the world loaded with its plugin starting");

        ResponseEntity<String> readiness = http.getForEntity("/actuator/health/readiness", String.class);
        assertThat(readiness.getStatusCode()).as(readiness.getBody()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        JsonNode refusing = JSON.readTree(readiness.getBody());
        assertThat(refusing.get("components").get("plugins").get("status").asText())
                .isEqualTo("OUT_OF_SERVICE");
        ResponseEntity<String> liveness = http.getForEntity("/actuator/health/liveness", String.class);
        assertThat(liveness.getStatusCode()).as(liveness.getBody()).isEqualTo(HttpStatus.OK);
        assertThat(body("/actuator/simulation").get("plugins").get("total").asInt())
                .isEqualTo(1);
        assertThat(body("/actuator/simulation").get("state").asText()).isEqualTo("CONNECT");

        RELEASE.countDown();

        await(
                () -> http.getForEntity("/actuator/health/readiness", String.class)
                                .getStatusCode()
                        == HttpStatus.OK,
                "readiness 200 once the plugin has started");
        JsonNode ready = body("/actuator/health/readiness");
        assertThat(ready.get("components").get("plugins").get("status").asText())
                .isEqualTo("UP");
        assertThat(ready.get("components")
                        .get("plugins")
                        .get("details")
                        .get("started")
                        .asText())
                .isEqualTo("1/1");
        assertThat(ready.get("components").get("readinessState").get("status").asText())
                .isEqualTo("UP");
        assertThat(http.getForEntity("/actuator/health/liveness", String.class).getStatusCode())
                .isEqualTo(HttpStatus.OK);
    }

    private JsonNode body(String path) {
        try {
            return JSON.readTree(http.getForEntity(path, String.class).getBody());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A plugin whose start blocks until the test releases it. */
    @OrreryPlugin(filename = "test-slow-start")
    static final class SlowStartPlugin implements Plugin {

        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) throws Exception {
            RELEASE.await();
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class SlowPluginConfiguration {

        @Bean
        @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
        SlowStartPlugin slowStartPlugin() {
            return new SlowStartPlugin();
        }
    }
}
