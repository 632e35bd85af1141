package io.orrery.runner.edit;

import io.orrery.lifecycle.SimCommand;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.OwnedPluginSpec;
import io.orrery.plugin.PluginEndpointRefusedException;
import io.orrery.plugin.PluginEndpoints;
import io.orrery.runner.command.Command;
import io.orrery.runner.command.CommandPosts;
import io.orrery.runner.port.AppliedCommand;
import io.orrery.runner.port.SavedWorld;
import io.orrery.runner.port.WorldEditing;
import io.orrery.runner.session.RunState;
import io.orrery.runner.session.SnapshotPublisher;
import io.orrery.runner.session.WorldSession;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The world-editing port: each edit a command applied to the loaded session's ledger on the runner thread, after
 * which published snapshots are stale.
 */
public final class Editing implements WorldEditing {

    private final RunState state;
    private final CommandPosts posts;
    private final SnapshotPublisher snapshots;
    private final PluginEndpoints endpoints;

    public Editing(RunState state, CommandPosts posts, SnapshotPublisher snapshots, PluginEndpoints endpoints) {
        this.state = state;
        this.posts = posts;
        this.snapshots = snapshots;
        this.endpoints = endpoints;
    }

    @Override
    public CompletableFuture<ModelState> spawn(
            ModelSpec model, Optional<String> snippet, Optional<AppliedCommand.Spawn> source) {
        try {
            endpoints.check(OwnedPluginSpec.ofModel(model), "spawned model '" + model.name() + "'");
        } catch (PluginEndpointRefusedException e) {
            return CompletableFuture.failedFuture(e);
        }
        return posts.joining(
                SimCommand.SPAWN,
                source.map(d -> new AppliedCommand("spawn", d)).orElse(AppliedCommand.named("spawn")),
                posts.unlessHeld("spawn", () -> edited(state.session().edits.spawn(model, snippet))));
    }

    @Override
    public CompletableFuture<Void> remove(String model) {
        AppliedCommand applied = new AppliedCommand("remove", new AppliedCommand.Remove(model));
        return posts.post(SimCommand.REMOVE, applied, posts.unlessHeld("remove", () -> {
            state.session().edits.remove(model);
            return edited(null);
        }));
    }

    @Override
    public CompletableFuture<ModelState> teleport(String model, Pose pose) {
        return posts.post(
                SimCommand.TELEPORT,
                new AppliedCommand("teleport", new AppliedCommand.Teleport(model, pose)),
                posts.unlessHeld("teleport", () -> edited(state.session().edits.teleport(model, pose))));
    }

    @Override
    public CompletableFuture<ModelState> setStatic(String model, boolean isStatic) {
        return posts.post(
                SimCommand.SET_STATIC,
                new AppliedCommand("set-static", new AppliedCommand.SetStatic(model, isStatic)),
                posts.unlessHeld(
                        "set-static", () -> edited(state.session().edits.setStatic(model, isStatic))));
    }

    @Override
    public CompletableFuture<SavedWorld> captureForSave() {
        return posts.post(
                "save",
                Command.LIVE,
                Command.Kind.READ,
                () -> state.session().edits.capture());
    }

    @Override
    public <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action) {
        return submit(name, action, state::session);
    }

    /** Runs {@code action} on the world of {@code owner}, refused once that world is no longer the loaded one. */
    public <T> CompletableFuture<T> submit(
            String name, Function<PhysicsWorld, T> action, Supplier<WorldSession> owner) {
        return posts.post(name, Command.ANY, Command.Kind.ORDINARY, () -> {
            WorldSession s = state.session();
            if (s == null) {
                throw new IllegalStateException("the world is not built yet");
            }
            if (s != owner.get()) {
                throw new IllegalStateException(
                        "'" + name + "' refused: it was posted for a world that has been" + " unloaded since");
            }
            return edited(action.apply(s.physics));
        });
    }

    /** Runner thread: a world edit has been made, so snapshots taken before it are stale. */
    private <T> T edited(T result) {
        snapshots.changed();
        return result;
    }
}
