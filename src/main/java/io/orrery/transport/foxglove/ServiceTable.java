package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * World control as Foxglove services: pause, resume, step and reset, each carried out through the world's use cases
 * and so refused as over HTTP (a controller's hold, a state that does not allow it). Requests and answers are JSON
 * (Foxglove's Service Call panel writes JSON), with JSON schemas; an answer is {@code {"success": true, "message":
 * ...}}, a refusal a {@code serviceCallFailure} naming why.
 */
final class ServiceTable {

    static final String JSON = "json";

    /** The most steps one call of the step service may ask for, as over HTTP. */
    static final long MAX_STEPS = 1_000_000;

    static final String RESPONSE_SCHEMA = "{\"type\":\"object\",\"properties\":{\"success\":{\"type\":\"boolean\"},"
            + "\"message\":{\"type\":\"string\"}}}";

    private static final String EMPTY = "{\"type\":\"object\",\"properties\":{}}";

    /**
     * A service.
     *
     * @param call carries out a request (its JSON body); throws IllegalArgumentException for a bad one
     */
    record Service(
            int id, String name, String type, String requestSchema, Function<JsonNode, CompletableFuture<?>> call) {}

    private final List<Service> services;

    ServiceTable(WorldPort world) {
        this.services = List.of(
                new Service(1, "/orrery/pause", "orrery/Pause", EMPTY, r -> world.pause()),
                new Service(2, "/orrery/resume", "orrery/Resume", EMPTY, r -> world.resume()),
                new Service(
                        3,
                        "/orrery/step",
                        "orrery/Step",
                        "{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\",\"minimum\":1,"
                                + "\"maximum\":" + MAX_STEPS + "}}}",
                        r -> world.step(count(r))),
                new Service(4, "/orrery/reset", "orrery/Reset", EMPTY, r -> world.reset()));
    }

    List<Service> all() {
        return services;
    }

    Optional<Service> byId(long id) {
        return services.stream().filter(s -> s.id() == id).findFirst();
    }

    /** The step count a request asks for: 1 when it names none. */
    private static long count(JsonNode request) {
        JsonNode c = request.get("count");
        if (c == null || c.isNull()) {
            return 1;
        }
        if (!c.canConvertToExactIntegral() || !c.canConvertToLong() || c.asLong() < 1 || c.asLong() > MAX_STEPS) {
            throw new IllegalArgumentException("count must be an integer from 1 to " + MAX_STEPS + ", got " + c);
        }
        return c.asLong();
    }
}
