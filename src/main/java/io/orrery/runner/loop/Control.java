package io.orrery.runner.loop;

import io.orrery.lifecycle.Outcome;
import io.orrery.lifecycle.SimCommand;
import io.orrery.lifecycle.SimState;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginEndpoints;
import io.orrery.runner.command.Command;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.port.CommandRefusedException;
import io.orrery.runner.port.RunControl;
import io.orrery.runner.port.SimulationStatus;
import io.orrery.runner.port.WorldLoader;
import io.orrery.runner.session.RunState;
import io.orrery.world.WorldSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** The world-control port: each command posted to the loop, refused while a controller holds the simulation. */
public final class Control implements RunControl {

    private final RunState state;
    private final CommandPosts posts;
    private final RunCommands loop;
    private final WorldLoader loader;
    private final PluginEndpoints endpoints;
    /** The world file the runner was built with: the operator's, whose plugins are not checked against endpoints. */
    private final Path operatorsWorld;

    public Control(
            RunState state, CommandPosts posts, RunCommands loop, WorldLoader loader, PluginEndpoints endpoints) {
        this.state = state;
        this.posts = posts;
        this.loop = loop;
        this.loader = loader;
        this.endpoints = endpoints;
        this.operatorsWorld = state.worldFile();
    }

    @Override
    public CompletableFuture<SimulationStatus> pause() {
        return posts.post(SimCommand.PAUSE, Command.Kind.INTERRUPT, posts.unlessHeld("pause", loop::pause));
    }

    @Override
    public CompletableFuture<SimulationStatus> resume() {
        return posts.post(SimCommand.RESUME, posts.unlessHeld("resume", loop::resume));
    }

    @Override
    public CompletableFuture<SimulationStatus> stop() {
        return posts.post(SimCommand.STOP, Command.Kind.INTERRUPT, () -> {
            state.requestStop(Outcome.STOPPED);
            return loop.status();
        });
    }

    @Override
    public CompletableFuture<SimulationStatus> reset() {
        if (state.resetting()) {
            return CompletableFuture.failedFuture(
                    new CommandRefusedException("reset (a reset is already under way)", SimState.RESET, Set.of()));
        }
        return posts.joining(SimCommand.RESET, posts.unlessHeld("reset", loop::resetWorld));
    }

    @Override
    public CompletableFuture<SimulationStatus> reload(Optional<Path> file) {
        Path target = file.orElse(state.worldFile());
        WorldSpec spec;
        try {
            spec = loader.load(target);
            if (!isSameFile(target, operatorsWorld)) {
                endpoints.check(OwnedPluginSpec.of(spec, List.of()), "world file " + target);
            }
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return posts.post(SimCommand.RELOAD, posts.unlessHeld("reload", () -> loop.reload(spec, target)));
    }

    /** True when both name one file (after links); a file that cannot be read is no one's. */
    private static boolean isSameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public CompletableFuture<SimulationStatus> step(long count) {
        if (count < 1) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("count must be at least 1, got " + count));
        }
        return posts.post(SimCommand.STEP, posts.unlessHeld("step", () -> loop.runSteps(count)));
    }

    @Override
    public CompletableFuture<SimulationStatus> runTo(long targetNanos) {
        CompletableFuture<SimulationStatus> done = new CompletableFuture<>();
        return posts.post(SimCommand.RUN_TO, posts.unlessHeld("run-to", () -> {
                    loop.runTo(targetNanos, done);
                    return null;
                }))
                .thenCompose(ignored -> done);
    }

    @Override
    public CompletableFuture<SimulationStatus> setRealTimeFactor(double factor) {
        if (!(factor >= 0) || Double.isInfinite(factor)) {
            return CompletableFuture.failedFuture(
                    new IllegalArgumentException("real-time factor must be a finite number at least 0, got " + factor));
        }
        return posts.post(
                SimCommand.REAL_TIME_FACTOR, posts.unlessHeld("real-time-factor", () -> loop.setFactor(factor)));
    }
}
