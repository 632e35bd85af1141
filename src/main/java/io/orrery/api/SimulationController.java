package io.orrery.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.app.ControlHold;
import io.orrery.app.RunnerCalls;
import io.orrery.app.Stepping;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.lifecycle.Outcome;
import io.orrery.runner.pacing.StatisticsSnapshot;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.StepRequest;
import io.orrery.runner.port.StepResult;
import java.net.URI;
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

    /** Extra wait per requested step, on top of the command timeout. */
    static final Duration STEP_ALLOWANCE = Duration.ofNanos(100_000);

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final WorldControl control;
    private final WorldFiles files;
    private final Stepping stepping;
    private final ControlHold hold;
    private final Worlds worlds;
    private final LockstepJson lockstep;

    SimulationController(
            WorldControl control,
            WorldFiles files,
            Stepping stepping,
            ControlHold hold,
            Worlds worlds,
            LockstepJson lockstep) {
        this.control = control;
        this.files = files;
        this.stepping = stepping;
        this.hold = hold;
        this.worlds = worlds;
        this.lockstep = lockstep;
    }

    @GetMapping("/simulation")
    SimulationJson status() {
        RunReads reads = worlds.get(WORLD).reads();
        return SimulationJson.of(reads.status(), reads.allowedCommands());
    }

    @PostMapping("/simulation/pause")
    SimulationJson pause() {
        return answer("pause", control.pause(WORLD));
    }

    @PostMapping("/simulation/resume")
    SimulationJson resume() {
        return answer("resume", control.resume(WORLD));
    }

    @PostMapping("/simulation/stop")
    SimulationJson stop() {
        return answer("stop", control.stop(WORLD));
    }

    @PostMapping("/simulation/reset")
    SimulationJson reset() {
        return answer("reset", control.reset(WORLD));
    }

    /** Reloads the current world file, or {@code path} inside the worlds directory when given. */
    @PostMapping("/simulation/reload")
    SimulationJson reload(@RequestBody(required = false) PathRequest request) {
        Optional<String> path = request == null ? Optional.empty() : Optional.ofNullable(request.path());
        return answer("reload", files.reload(WORLD, path));
    }

    /**
     * While paused: runs {@code count} steps and answers once they have run, paused again. With a JSON body (a
     * controller's lockstep step, see {@link LockstepJson}) its messages are published at the start of the batch
     * and the answer adds the observed topics and models, taken at the last StepEnd.
     */
    @PostMapping("/simulation/step")
    Object step(@RequestParam(defaultValue = "1") long count, @RequestBody(required = false) JsonNode body) {
        WorldControl.checkCount(count);
        // many steps take a while even as fast as possible: the wait grows with the count
        if (body == null || body.isNull()) {
            SimulationStatus s = RunnerCalls.await("step", control.step(WORLD, count), timeout(count));
            return SimulationJson.of(s, allowedCommands());
        }
        StepRequest request = lockstep.step(body, count, WORLD, Set.of());
        StepResult r = RunnerCalls.await("step", stepping.step(WORLD, request), timeout(request.count()));
        return new StepResultJson.Http(SimulationJson.of(r.status(), allowedCommands()), StepResultJson.of(r));
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
        CompletableFuture<SimulationStatus> arrived = control.runTo(WORLD, Math.round(simTime * 1e9));
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
        return answer("real-time-factor", control.setRealTimeFactor(WORLD, request == null ? null : request.value()));
    }

    /**
     * An operator's release of the controller's hold (its host died, its program hangs): the simulation stays
     * paused and the holder's next step is refused. With {@code holder}, only that holder is released: 409 naming
     * who holds it otherwise, so a hold taken since the operator looked is not broken. 404 when nobody holds it.
     */
    @DeleteMapping("/simulation/controller")
    ReleasedJson releaseController(@RequestParam(required = false) String holder) {
        Optional<String> released = RunnerCalls.await("release", hold.release(WORLD, Optional.ofNullable(holder)));
        if (released.isEmpty()) {
            throw new NotFoundException("no controller holds the simulation");
        }
        return new ReleasedJson(released.get(), status());
    }

    @GetMapping("/statistics")
    StatisticsSnapshot statistics() {
        return worlds.get(WORLD).reads().statistics();
    }

    private SimulationJson answer(String what, CompletableFuture<SimulationStatus> command) {
        SimulationStatus s = RunnerCalls.await(what, command);
        return SimulationJson.of(s, allowedCommands());
    }

    private Set<String> allowedCommands() {
        return worlds.get(WORLD).reads().allowedCommands();
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
