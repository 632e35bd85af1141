package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.orrery.app.RunnerCalls;
import io.orrery.app.Topics;
import io.orrery.app.WorldId;
import io.orrery.topic.TopicInfo;
import io.orrery.topic.TopicMessage;
import java.util.List;
import java.util.Optional;
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
 * applied at the next StepEnd. A read makes the reader one of the topic's subscribers for a while ({@link
 * io.orrery.topic.TopicBus#read}), so a topic built only for subscribers (the world's clock, statistics and poses) is built.
 */
@RestController
@RequestMapping("/api/topics")
class TopicController {

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final Topics topics;
    private final MessageReader reader;

    TopicController(Topics topics, MessageReader reader) {
        this.topics = topics;
        this.reader = reader;
    }

    /** Every topic with its type, publishers and subscribers. */
    @GetMapping
    List<TopicInfo> topics() {
        return topics.list(WORLD);
    }

    /**
     * The topic's latest message; 404 for a topic nobody uses. When there is none yet and the topic has a publisher,
     * the read waits up to {@link Topics#FIRST_MESSAGE_WAIT} for the first (a publisher that builds its messages only for
     * subscribers starts now); 204 when none came.
     */
    @GetMapping("/{*name}")
    CompletableFuture<ResponseEntity<Message>> latest(@PathVariable String name) {
        return topics.read(WORLD, name).thenApply(TopicController::answer);
    }

    private static ResponseEntity<Message> answer(Optional<TopicMessage> m) {
        return m.map(TopicMessage::message)
                .map(ResponseEntity::ok)
                .orElseGet(() -> ResponseEntity.noContent().build());
    }

    /**
     * Publishes the message in the body on the topic, through the runner's command path: 202 once queued, 404
     * when nothing subscribes to the topic, 400 naming the field when the body does not fit its type.
     */
    @PostMapping(value = "/{*name}", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Void> publish(@PathVariable String name, @RequestBody JsonNode body) {
        Topics.Target target = topics.target(WORLD, name);
        Message message = reader.read(body, target.type());
        CompletableFuture<Void> applied = topics.publish(WORLD, target, message);
        if (applied.isCompletedExceptionally()) {
            RunnerCalls.await("publish on " + target.topic(), applied); // refused at once: the run has ended
        }
        return ResponseEntity.accepted().build();
    }
}
