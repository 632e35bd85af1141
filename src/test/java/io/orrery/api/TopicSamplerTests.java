package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.DoubleProtos;
import io.orrery.topic.TopicMessage;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopicSamplerTests {

    private final Map<String, TopicMessage> latest = new HashMap<>();
    private final Set<String> queued = new HashSet<>();
    private final TopicSampler sampler = new TopicSampler(java.util.List.of("/a", "/b"));

    private java.util.List<TopicMessage> sample() {
        return sampler.sample(t -> Optional.ofNullable(latest.get(t)), queued::contains);
    }

    private void publish(String topic, long sequence) {
        latest.put(
                topic,
                new TopicMessage(
                        topic,
                        "gz.msgs.Double",
                        DoubleProtos.Double.newBuilder().setData(sequence).build(),
                        sequence,
                        0));
    }

    @Test
    void eachSampleSendsOnlyTheLatestOfEachTopicOnceHoweverManyCameBetween() {
        assertThat(sample()).isEmpty();
        for (long i = 1; i <= 100; i++) {
            publish("/a", i);
        }
        assertThat(sample()).extracting(TopicMessage::sequence).containsExactly(100L);
        assertThat(sample()).isEmpty();

        publish("/a", 101);
        publish("/b", 102);
        assertThat(sample()).extracting(TopicMessage::sequence).containsExactly(101L, 102L);
    }

    @Test
    void aTopicWhoseLastMessageIsStillQueuedWaitsAndThenGetsTheNewest() {
        publish("/a", 1);
        assertThat(sample()).hasSize(1);
        queued.add("/a"); // the slow client has not been sent it yet
        publish("/a", 2);
        publish("/a", 3);
        assertThat(sample()).isEmpty();

        queued.remove("/a");
        assertThat(sample()).extracting(TopicMessage::sequence).containsExactly(3L);
    }
}
