package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * A reader over HTTP or on the dashboard is a subscriber. gz sim's world interface (the clock, the statistics, the
 * poses) is built only while something subscribes, so {@code GET /api/topics/clock} answered 204 on a running world
 * and the dashboard's Topics panel showed "no message yet" for ever. A reader's interest now subscribes it (as
 * {@code reader}) for a while after its last read, and the first read waits for the first message. A reader does not
 * make a topic one that can be published on: that still needs a subscriber that acts on it.
 */
class TopicReadersApiTests extends ApiTestSupport {

    static final String W = "/world/api_world";

    @Test
    void aReadOfTheWorldsInterfaceGetsAMessage() {
        ApiFixtures.awaitLoaded(this);
        for (String topic : new String[] {"/clock", "/stats", W + "/clock", W + "/stats", W + "/pose/info"}) {
            Response r = get("/api/topics" + topic);
            assertThat(r.status()).as("GET %s: %s", topic, r).isEqualTo(200);
        }
        JsonNode clock = get("/api/topics" + W + "/clock").json();
        assertThat(clock.has("sim")).as("%s", clock).isTrue();
        assertThat(subscribersOf(W + "/clock")).contains("reader");
        // a reader is not something a publish is for
        assertThat(postJson("/api/topics/clock", "{\"sim\": {\"sec\": 1}}").status())
                .isEqualTo(404);
    }

    @Test
    void aTopicOnTheEventStreamIsSubscribedAndItsMessagesCome() throws Exception {
        ApiFixtures.awaitLoaded(this);
        try (SseClient events =
                SseClient.connect(this, "/api/events?events=topic&maxRate=5&topic=" + W + "/dynamic_pose/info")) {
            JsonNode message =
                    events.awaitEvent("topic", t -> t.get("topic").asText().equals(W + "/dynamic_pose/info"));
            assertThat(message.get("type").asText()).isEqualTo("gz.msgs.Pose_V");
        }
    }

    private String subscribersOf(String topic) {
        for (JsonNode t : get("/api/topics").json()) {
            if (t.get("name").asText().equals(topic)) {
                return t.get("subscribers").toString();
            }
        }
        throw new AssertionError(topic + " is not listed");
    }
}
