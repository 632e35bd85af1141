package io.orrery.app;

import com.google.protobuf.Message;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.topic.TopicNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * Step and observe, for every surface: a lockstep step (publish, step, observe at the last StepEnd) by a caller that
 * holds the simulation or by one that does not, a holder's reset, and an observation off the loop. Topic names are
 * made absolute here, once; a request whose names are so already is passed on as it is.
 */
public final class Stepping {

    private final Worlds worlds;

    public Stepping(Worlds worlds) {
        this.worlds = worlds;
    }

    /**
     * A lockstep step by a caller that does not hold the simulation (refused while someone does): while paused,
     * publishes, steps and observes.
     */
    public CompletableFuture<StepResult> step(WorldId world, StepRequest request) {
        return worlds.get(world).hold().step(absolute(request)).thenCompose(StepResult::drawn);
    }

    /**
     * A lockstep step by the holder of {@code handle}; the answer comes once the images it asks for are drawn (from
     * the world as the step left it).
     */
    public CompletableFuture<StepResult> step(ControlHandle handle, StepRequest request) {
        return handle.step(absolute(request)).thenCompose(StepResult::drawn);
    }

    /** A reset by the holder of {@code handle}, with what is observed at sim time 0. */
    public CompletableFuture<StepResult> reset(
            ControlHandle handle, OptionalLong seed, List<String> topics, List<String> models) {
        return handle.reset(seed, absolute(topics), models);
    }

    /** The latest message of each topic and the state of each model as of the latest StepEnd. */
    public CompletableFuture<StepResult> observe(WorldId world, List<String> topics, List<String> models) {
        return worlds.get(world).hold().observe(absolute(topics), models);
    }

    private static StepRequest absolute(StepRequest r) {
        Map<String, Message> publish = r.publish();
        for (String topic : publish.keySet()) {
            if (TopicNames.normalize(topic) != topic) {
                Map<String, Message> named = new LinkedHashMap<>();
                publish.forEach((t, m) -> named.put(TopicNames.normalize(t), m));
                publish = named;
                break;
            }
        }
        List<String> observe = absolute(r.observe());
        return publish == r.publish() && observe == r.observe()
                ? r
                : new StepRequest(r.count(), publish, observe, r.models(), r.images());
    }

    /** The names made absolute; the same list when they are so already. */
    private static List<String> absolute(List<String> topics) {
        for (int i = 0; i < topics.size(); i++) {
            if (TopicNames.normalize(topics.get(i)) != topics.get(i)) {
                List<String> named = new ArrayList<>(topics.size());
                for (String t : topics) {
                    named.add(TopicNames.normalize(t));
                }
                return named;
            }
        }
        return topics;
    }
}
