package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.orrery.runner.SimulationRunner;
import io.orrery.topic.TopicBus;
import io.orrery.topic.TopicInfo;
import io.orrery.topic.TopicMessage;
import io.orrery.topic.TopicNames;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The world's topics: list them, read a topic's latest message, publish one. A topic's name is the rest of the
 * path: {@code /api/topics/model/vehicle_blue/odometry} is {@code /model/vehicle_blue/odometry}. Messages are
 * protobuf's JSON mapping of them ({@link MessageJson}, {@link MessageReader}); a publish is accepted (202) and
 * applied at the next StepEnd.
 */
@RestController
@RequestMapping("/api/topics")
class TopicController {

    private final SimulationRunner runner;
    private final MessageReader reader;

    TopicController(SimulationRunner runner, MessageReader reader) {
        this.runner = runner;
        this.reader = reader;
    }

    /** Every topic with its type, publishers and subscribers. */
    @GetMapping
    List<TopicInfo> topics() {
        return runner.topics().bus().map(TopicBus::topics).orElse(List.of());
    }

    /** The topic's latest message; 204 when there is none yet, 404 for a topic nobody uses. */
    @GetMapping("/{*name}")
    ResponseEntity<Message> latest(@PathVariable String name) {
        String topic = TopicNames.normalize(name);
        TopicBus bus = bus();
        bus.require(topic);
        return bus.latest(topic)
                .map(TopicMessage::message)
                .map(ResponseEntity::ok)
                .orElseGet(() -> ResponseEntity.noContent().build());
    }

    /**
     * Publishes the message in the body on the topic, through the runner's command path: 202 once queued, 404
     * when nothing subscribes to the topic, 400 naming the field when the body does not fit its type.
     */
    @PostMapping(value = "/{*name}", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> publish(@PathVariable String name, @RequestBody JsonNode body) {
        String topic = TopicNames.normalize(name);
        TopicBus bus = bus();
        Message message = reader.read(body, bus.requireSubscribed(topic));
        CompletableFuture<Void> applied = runner.topics().publish(topic, message);
        if (applied.isCompletedExceptionally()) {
            RunnerCalls.await("publish on " + topic, applied); // refused at once: the run has ended
        }
        return ResponseEntity.accepted().build();
    }

    private TopicBus bus() {
        return runner.topics().bus().orElseThrow(() -> new IllegalStateException("no world is loaded yet"));
    }
}
