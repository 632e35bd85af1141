package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.lifecycle.Outcome;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.pacing.StatisticsSnapshot;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import io.orrery.topic.TopicBus;
import io.orrery.trigger.TriggerAction;
import io.orrery.world.WorldSaver;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The simulation's status and lifecycle commands: pause, resume, stop, reset, reload, step, run-to, the factor. */
@RestController
@RequestMapping("/api")
class SimulationController {

    /** The most steps one step request may ask for. */
    static final long MAX_STEPS = 1_000_000;

    /** Extra wait per requested step, on top of the command timeout. */
    static final Duration STEP_ALLOWANCE = Duration.ofNanos(100_000);

    private final SimulationRunner runner;
    private final WorldSaver saver;
    private final LockstepJson lockstep;

    SimulationController(SimulationRunner runner, WorldSaver saver, MessageReader reader) {
        this.runner = runner;
        this.saver = saver;
        this.lockstep = new LockstepJson(reader);
    }

    @GetMapping("/simulation")
    SimulationJson status() {
        return SimulationJson.of(runner.reads().status(), runner.reads().allowedCommands());
    }

    @PostMapping("/simulation/pause")
    SimulationJson pause() {
        return answer("pause", runner.control().pause());
    }

    @PostMapping("/simulation/resume")
    SimulationJson resume() {
        return answer("resume", runner.control().resume());
    }

    @PostMapping("/simulation/stop")
    SimulationJson stop() {
        return answer("stop", runner.control().stop());
    }

    @PostMapping("/simulation/reset")
    SimulationJson reset() {
        return answer("reset", runner.control().reset());
    }

    /** Reloads the current world file, or {@code path} inside the worlds directory when given. */
    @PostMapping("/simulation/reload")
    SimulationJson reload(@RequestBody(required = false) PathRequest request) {
        Optional<Path> file = request == null || request.path() == null
                ? Optional.empty()
                : Optional.of(saver.resolveForLoad(request.path()));
        return answer("reload", runner.control().reload(file));
    }

    /**
     * While paused: runs {@code count} steps and answers once they have run, paused again. With a JSON body (a
     * controller's lockstep step, see {@link LockstepJson}) its messages are published at the start of the batch
     * and the answer adds the observed topics and models, taken at the last StepEnd.
     */
    @PostMapping("/simulation/step")
    Object step(@RequestParam(defaultValue = "1") long count, @RequestBody(required = false) JsonNode body) {
        LockstepJson.checkCount(count);
        // many steps take a while even as fast as possible: the wait grows with the count
        if (body == null || body.isNull()) {
            SimulationStatus s = RunnerCalls.await("step", runner.control().step(count), timeout(count));
            return SimulationJson.of(s, runner.reads().allowedCommands());
        }
        TopicBus bus = runner.topics().bus().orElseThrow(() -> new IllegalStateException("no world is loaded yet"));
        StepRequest request = lockstep.step(body, count, bus, Set.of());
        StepResult r = RunnerCalls.await("step", runner.hold().step(request), timeout(request.count()));
        return LockstepJson.StepJson.of(r, runner.reads().allowedCommands());
    }

    private static Duration timeout(long count) {
        return RunnerCalls.COMMAND_TIMEOUT.plus(STEP_ALLOWANCE.multipliedBy(count));
    }

    /**
     * Runs until sim time reaches {@code simTime} seconds, then pauses. Answers 200 once there, or 202 with the
     * status so far when that takes longer than the command timeout (the run goes on).
     */
    @PostMapping("/simulation/run-to")
    ResponseEntity<SimulationJson> runTo(@RequestParam double simTime) {
        if (!Double.isFinite(simTime) || simTime < 0 || simTime > Long.MAX_VALUE / 1e9) {
            throw new IllegalArgumentException("simTime must be a finite number of seconds at least 0, got " + simTime);
        }
        CompletableFuture<SimulationStatus> arrived = runner.control().runTo(Math.round(simTime * 1e9));
        try {
            return ResponseEntity.ok(answer("run-to", arrived));
        } catch (RunnerCalls.RunnerTimeoutException stillRunning) {
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .location(URI.create("/api/simulation"))
                    .body(status());
        }
    }

    @PutMapping("/simulation/real-time-factor")
    SimulationJson realTimeFactor(@RequestBody ValueRequest<Double> request) {
        Double value = request == null ? null : request.value();
        if (value == null
                || !Double.isFinite(value)
                || value < 0
                || (value > 0 && value < TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR)) {
            throw new IllegalArgumentException("real-time factor: expected {\"value\": <0 (as fast as possible) or a"
                    + " finite number at least " + TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR + ">}, got "
                    + (value == null ? "no value" : value));
        }
        return answer("real-time-factor", runner.control().setRealTimeFactor(value));
    }

    /**
     * An operator's release of the controller's hold (its host died, its program hangs): the simulation stays
     * paused and the holder's next step is refused. With {@code holder}, only that holder is released: 409 naming
     * who holds it otherwise, so a hold taken since the operator looked is not broken. 404 when nobody holds it.
     */
    @DeleteMapping("/simulation/controller")
    ReleasedJson releaseController(@RequestParam(required = false) String holder) {
        Optional<String> released = RunnerCalls.await("release", runner.hold().release(Optional.ofNullable(holder)));
        if (released.isEmpty()) {
            throw new NotFoundException("no controller holds the simulation");
        }
        return new ReleasedJson(released.get(), status());
    }

    @GetMapping("/statistics")
    StatisticsSnapshot statistics() {
        return runner.reads().statistics();
    }

    private SimulationJson answer(String what, CompletableFuture<SimulationStatus> command) {
        SimulationStatus s = RunnerCalls.await(what, command);
        return SimulationJson.of(s, runner.reads().allowedCommands());
    }

    /** A path inside the worlds directory. */
    record PathRequest(String path) {}

    /**
     * A controller's hold released by an operator.
     *
     * @param released the holder released, as it named itself
     * @param simulation the status after the release
     */
    record ReleasedJson(String released, SimulationJson simulation) {}

    /** {@code {"value": ...}}, for setting one value. */
    record ValueRequest<T>(T value) {}

    /** The world's name and file. */
    record WorldJson(String name, String file) {}

    /**
     * The simulation's status.
     *
     * @param outcome the outcome's JSON name once decided (e.g. {@code stopped}), else null
     * @param simTime seconds
     * @param stepSize seconds
     * @param realTimeFactor the target factor (0 = as fast as possible)
     * @param engine the physics engine ({@code orrery.physics.engine})
     * @param controller who holds the simulation over the control WebSocket, else null
     */
    record SimulationJson(
            String state,
            String phase,
            String outcome,
            String message,
            double simTime,
            long iterations,
            double stepSize,
            double realTimeFactor,
            double achievedRealTimeFactor,
            boolean paused,
            WorldJson world,
            String engine,
            String controller,
            Set<String> allowedCommands) {

        static SimulationJson of(SimulationStatus s, Set<String> allowed) {
            return new SimulationJson(
                    s.state().name(),
                    s.phase().name(),
                    s.outcome().map(Outcome::jsonName).orElse(null),
                    s.message().or(s::physicsFailure).orElse(null),
                    s.simTimeSeconds(),
                    s.iterations(),
                    s.stepSizeNanos() / 1e9,
                    s.realTimeFactor(),
                    s.achievedRealTimeFactor(),
                    s.paused(),
                    new WorldJson(
                            s.worldName().orElse(null),
                            s.worldFile() == null ? null : s.worldFile().toString()),
                    s.engine(),
                    s.controller().orElse(null),
                    allowed);
        }
    }
}
