package io.orrery.ops;

import io.orrery.plugin.StartProgress;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.SimulationStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;

/**
 * {@code /actuator/simulation}: GET reads the simulation's state; POST {@code {"action": "pause"}} (or
 * {@code resume}, {@code reset}) runs a lifecycle command and answers the new state. A command the current
 * state does not allow answers 409 naming the state and the allowed commands; an unknown action 400.
 * An operator's switch beside the health checks; the full API lives under {@code /api}.
 */
@WebEndpoint(id = "simulation")
final class SimulationEndpoint {

    /** The actions the write operation accepts. */
    static final List<String> ACTIONS = List.of("pause", "resume", "reset");

    /** How long a command may take before the endpoint stops waiting for it. */
    static final long COMMAND_TIMEOUT_SECONDS = 30;

    private final SimulationRunner runner;

    SimulationEndpoint(SimulationRunner runner) {
        this.runner = runner;
    }

    @ReadOperation
    SimulationView read() {
        return SimulationView.of(
                runner.reads().status(),
                runner.reads().pluginProgress(),
                SystemsView.of(runner.reads().systems()));
    }

    @WriteOperation
    WebEndpointResponse<Object> act(String action) {
        Supplier<CompletableFuture<SimulationStatus>> command = switch (action) {
            case "pause" -> runner.control()::pause;
            case "resume" -> runner.control()::resume;
            case "reset" -> runner.control()::reset;
            default -> null;
        };
        if (command == null) {
            return problem(
                    WebEndpointResponse.STATUS_BAD_REQUEST,
                    "Unknown action",
                    "unknown action '" + action + "'; expected one of " + String.join(", ", ACTIONS),
                    Map.of());
        }
        try {
            SimulationStatus status = command.get().get(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return new WebEndpointResponse<>(SimulationView.of(
                    status,
                    runner.reads().pluginProgress(),
                    SystemsView.of(runner.reads().systems())));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CommandRefusedException refused) {
                return problem(
                        409,
                        "Command refused",
                        refused.getMessage(),
                        Map.of("state", refused.state().name(), "allowed", refused.allowed()));
            }
            return problem(
                    WebEndpointResponse.STATUS_INTERNAL_SERVER_ERROR,
                    "Command failed",
                    action + " failed: " + e.getCause().getMessage(),
                    Map.of());
        } catch (TimeoutException e) {
            return problem(
                    WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE,
                    "Command timed out",
                    action + " was not answered within " + COMMAND_TIMEOUT_SECONDS + " s",
                    Map.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return problem(
                    WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE,
                    "Interrupted",
                    "interrupted while waiting for " + action,
                    Map.of());
        }
    }

    /** An error body shaped like an RFC 7807 problem detail. */
    private static WebEndpointResponse<Object> problem(
            int status, String title, String detail, Map<String, Object> extra) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", status);
        body.put("title", title);
        body.put("detail", detail);
        body.putAll(extra);
        return new WebEndpointResponse<>(body, status);
    }

    /**
     * What the endpoint answers.
     *
     * @param state the lifecycle state (while stepping, the step phase)
     * @param phase the loop's phase
     * @param simTime simulated seconds
     * @param iterations steps since the start or the last reset
     * @param realTimeFactor the target factor (0 = as fast as possible)
     * @param achievedRealTimeFactor the factor achieved over a sliding window
     * @param paused whether the simulation is paused
     * @param outcome the outcome once the run has ended, else null
     * @param message why the run ended badly, else null
     * @param world the world's name, empty before it loaded
     * @param plugins plugin start progress
     * @param systems the systems in execution order per phase, with their timings (as {@code GET /api/systems})
     */
    record SimulationView(
            String state,
            String phase,
            double simTime,
            long iterations,
            double realTimeFactor,
            double achievedRealTimeFactor,
            boolean paused,
            String outcome,
            String message,
            String world,
            PluginProgress plugins,
            SystemsView systems) {

        static SimulationView of(SimulationStatus s, StartProgress p, SystemsView systems) {
            return new SimulationView(
                    s.state().name(),
                    s.phase().name(),
                    s.simTimeSeconds(),
                    s.iterations(),
                    s.realTimeFactor(),
                    s.achievedRealTimeFactor(),
                    s.paused(),
                    s.outcome().map(o -> o.jsonName()).orElse(null),
                    s.message().orElse(null),
                    s.worldName().orElse(""),
                    new PluginProgress(p.started(), p.total(), p.allStarted()),
                    systems);
        }
    }

    /**
     * Plugins started out of plugins tracked.
     *
     * @param started started plugins
     * @param total tracked plugins
     * @param allStarted whether every tracked plugin has started
     */
    record PluginProgress(int started, int total, boolean allStarted) {}
}
