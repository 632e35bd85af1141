package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;
import org.springframework.test.context.TestPropertySource;

/** The topics over HTTP, with a test plugin that subscribes to topics and publishes others. */
@TestPropertySource(properties = {"orrery.plugins[0].name=topics", "orrery.plugins[0].filename=orrery-test-topics"})
@Import(TopicApiTests.TopicPluginConfiguration.class)
class TopicApiTests extends ApiTestSupport {

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void everyTopicIsListedWithItsTypePublishersAndSubscribers() {
        JsonNode topics = get("/api/topics").json();

        assertThat(topic(topics, "/test/cmd_vel").get("type").asText()).isEqualTo("gz.msgs.Twist");
        assertThat(topic(topics, "/test/cmd_vel").get("subscribers").toString()).isEqualTo("[\"topics\"]");
        assertThat(topic(topics, "/test/odometry").get("type").asText()).isEqualTo("gz.msgs.Odometry");
        assertThat(topic(topics, "/test/odometry").get("publishers").toString()).isEqualTo("[\"topics\"]");
        assertThat(topic(topics, "/test/clock").get("subscribers").size()).isZero();
    }

    @Test
    void aPostedMessageReachesTheSubscriberWhichPublishesStampedWithSimTime() throws Exception {
        assertThat(post("/api/simulation/step?count=5").status()).isEqualTo(200);
        assertThat(get("/api/topics/test/odometry").status()).isEqualTo(204); // nothing yet

        Response r = postJson("/api/topics/test/cmd_vel", "{\"linear\": {\"x\": 0.5}, \"angular\": {\"z\": 0.25}}");

        assertThat(r.status()).isEqualTo(202);
        JsonNode odometry = awaitMessage("/api/topics/test/odometry");
        assertThat(odometry.at("/twist/linear/x").asDouble()).isEqualTo(0.5);
        assertThat(odometry.at("/twist/angular/z").asDouble()).isEqualTo(0.25);
        assertThat(odometry.at("/header/stamp/sec").asLong()).isZero();
        assertThat(odometry.at("/header/stamp/nsec").asLong()).isEqualTo(5_000_000);
        assertThat(odometry.at("/pose/orientation/w").asDouble()).isEqualTo(1.0);
        assertThat(get("/api/topics/test/cmd_vel").json().at("/linear/x").asDouble())
                .isEqualTo(0.5);
    }

    @Test
    void inputTakesTheProtoSnakeCaseNamesAndOutputUsesProtobufJsonNames() throws Exception {
        Response r = postJson(
                "/api/topics/test/altimeter",
                "{\"header\": {\"stamp\": {\"sec\": \"3\", \"nsec\": 7}}, \"vertical_position\": 2.5,"
                        + " \"verticalVelocity\": -1}");

        assertThat(r.status()).isEqualTo(202);
        assertThat(awaitMessage("/api/topics/test/height").get("data").asDouble())
                .isEqualTo(2.5);
        JsonNode altimeter = get("/api/topics/test/altimeter").json();
        assertThat(altimeter.get("verticalPosition").asDouble()).isEqualTo(2.5);
        assertThat(altimeter.get("verticalVelocity").asDouble()).isEqualTo(-1);
        assertThat(altimeter.at("/header/stamp/sec").asLong()).isEqualTo(3);
        assertThat(altimeter.has("vertical_position")).isFalse();
        // protobuf's JSON, as gz topic --json-output prints it: an int64 is a string
        assertThat(altimeter.at("/header/stamp/sec").isTextual()).isTrue();
        // and, unlike gz topic, a field at its default is written out
        assertThat(altimeter.get("verticalReference").isNumber()).isTrue();
        assertThat(altimeter.at("/header/data").isArray()).isTrue();
    }

    @Test
    void aBodyThatDoesNotFitIsRefusedNamingTheField() {
        Response unknown = postJson("/api/topics/test/cmd_vel", "{\"linear\": {\"x\": 1, \"q\": 2}}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.header("Content-Type")).startsWith("application/problem+json");
        assertThat(unknown.json().get("field").asText()).isEqualTo("linear.q");
        assertThat(unknown.json().get("detail").asText()).contains("'linear.q'", "x, y, z");

        Response wrongValue = postJson("/api/topics/test/cmd_vel", "{\"angular\": {\"z\": \"fast\"}}");
        assertThat(wrongValue.status()).isEqualTo(400);
        assertThat(wrongValue.json().get("field").asText()).isEqualTo("angular.z");

        Response notAnObject = postJson("/api/topics/test/cmd_vel", "{\"linear\": 3}");
        assertThat(notAnObject.status()).isEqualTo(400);
        assertThat(notAnObject.json().get("field").asText()).isEqualTo("linear");
    }

    @Test
    void unknownTopicsAndTopicsNobodySubscribesToAre404NamingTheKnownOnes() {
        Response noSubscriber = postJson("/api/topics/test/clock", "{\"data\": 1}");
        assertThat(noSubscriber.status()).isEqualTo(404);
        assertThat(noSubscriber.json().get("topics").toString())
                .contains("/test/cmd_vel", "/test/altimeter")
                .doesNotContain("/test/clock");

        Response unknown = get("/api/topics/no/such/topic");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("topic").asText()).isEqualTo("/no/such/topic");
        assertThat(unknown.json().get("detail").asText()).contains("/test/odometry");
    }

    @Test
    void aResetLeavesNothingOfTheLastEpisodeAndAReloadStartsANewBus() throws Exception {
        postJson("/api/topics/test/cmd_vel", "{\"linear\": {\"x\": 1}}");
        awaitMessage("/api/topics/test/odometry");

        assertThat(post("/api/simulation/reset").status()).isEqualTo(200);
        assertThat(get("/api/topics/test/odometry").status()).isEqualTo(204);
        assertThat(get("/api/topics/test/cmd_vel").status()).isEqualTo(204);

        postJson("/api/topics/test/cmd_vel", "{\"linear\": {\"x\": 2}}");
        awaitMessage("/api/topics/test/odometry");
        assertThat(post("/api/simulation/reload").status()).isEqualTo(200);
        assertThat(get("/api/topics/test/odometry").status()).isEqualTo(204);
        // the reloaded world's plugin subscribed to its new bus
        assertThat(postJson("/api/topics/test/cmd_vel", "{\"linear\": {\"x\": 3}}")
                        .status())
                .isEqualTo(202);
        assertThat(awaitMessage("/api/topics/test/odometry")
                        .at("/twist/linear/x")
                        .asDouble())
                .isEqualTo(3);
    }

    @Test
    void aSlowClientGetsAtMostMaxRateMessagesASecondAndTheLoopKeepsStepping() throws Exception {
        double maxRate = 10;
        try (SseClient slow =
                SseClient.connect(this, "/api/events?topic=/test/clock&maxRate=" + maxRate, Duration.ofMillis(30))) {
            slow.awaitEvent("stats");
            long stepsBefore = runner.reads().status().iterations();
            long start = System.nanoTime();
            assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
            Thread.sleep(1500);
            assertThat(post("/api/simulation/pause").status()).isEqualTo(200);
            double seconds = (System.nanoTime() - start) / 1e9;
            long steps = runner.reads().status().iterations() - stepsBefore;

            List<JsonNode> messages = new ArrayList<>();
            long quietSince = System.nanoTime();
            while (System.nanoTime() - quietSince < TimeUnit.MILLISECONDS.toNanos(1000)) {
                SseClient.Event e = slow.events.poll(100, TimeUnit.MILLISECONDS);
                if (e != null && e.name().equals("topic")) {
                    messages.add(e.data());
                    quietSince = System.nanoTime();
                }
            }

            assertThat(messages)
                    .hasSizeGreaterThanOrEqualTo(2)
                    .hasSizeLessThanOrEqualTo((int) Math.ceil(maxRate * seconds) + 1);
            assertThat(steps)
                    .as("steps taken while the client was sent %d messages", messages.size())
                    .isGreaterThan(20L * messages.size());
            double previous = -1;
            for (JsonNode m : messages) {
                assertThat(m.get("topic").asText()).isEqualTo("/test/clock");
                assertThat(m.get("type").asText()).isEqualTo("gz.msgs.Double");
                double simTime = m.at("/message/data").asDouble();
                long stamp = m.at("/message/header/stamp/sec").asLong() * 1_000_000_000L
                        + m.at("/message/header/stamp/nsec").asLong();
                assertThat(stamp).isEqualTo(Math.round(simTime * 1e9));
                assertThat(simTime).as("each message newer than the last").isGreaterThan(previous);
                previous = simTime;
            }
        }
    }

    @Test
    void aBadMaxRateIsRefused() {
        Response r = send(java.net.http.HttpRequest.newBuilder(uri("/api/events?topic=/test/clock&maxRate=0"))
                .header("Accept", "text/event-stream, application/problem+json")
                .GET());
        assertThat(r.status()).isEqualTo(400);
    }

    private JsonNode awaitMessage(String path) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Response r = get(path);
        while (r.status() == 204 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            r = get(path);
        }
        assertThat(r.status()).as(path).isEqualTo(200);
        return r.json();
    }

    private static JsonNode topic(JsonNode topics, String name) {
        for (JsonNode t : topics) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no topic " + name + " in " + topics);
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class TopicPluginConfiguration {
        @Bean
        @Scope("prototype")
        TopicPlugin topicPlugin() {
            return new TopicPlugin();
        }
    }
}
