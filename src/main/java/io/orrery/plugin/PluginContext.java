package io.orrery.plugin;

import io.orrery.log.LogSafe;
import io.orrery.physics.PhysicsWorld;
import io.orrery.topic.TopicBus;
import io.orrery.world.ModelSpec;
import io.orrery.world.PerformerSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a plugin sees of Orrery: its element, the world through commands and snapshots, the topic bus, and an
 * event sink.
 */
public interface PluginContext {

    /** The plugin's element: instance name and parameters. */
    PluginSpec spec();

    /** Who declared the plugin. */
    PluginOwner owner();

    /** The host's name for this plugin ({@link OwnedPluginSpec#qualifiedName()}). */
    String qualifiedName();

    /**
     * Runs {@code action} on the runner thread between steps; the only way a plugin changes the world.
     * Never block the runner thread waiting on the future from inside a callback the runner made.
     */
    <T> CompletableFuture<T> submit(String name, Function<PhysicsWorld, T> action);

    /** The latest world snapshot; safe from any thread. */
    WorldSnapshot snapshot();

    /**
     * The world's topic bus (one per loaded world). Advertise and subscribe under {@link #qualifiedName()}: the
     * host withdraws them when the plugin ends. Callbacks run on the runner thread and must be quick; a message
     * published from the plugin's own threads goes through the runner's command path and is delivered at StepEnd.
     */
    TopicBus topics();

    /**
     * Emits an event to Orrery's event stream ({@code GET /api/events}) under the name {@code event}. Events are not
     * topics: messages for subscribers on the bus go through {@link #topics()}.
     */
    void emit(String event, Object payload);

    /**
     * The world services Orrery offers ({@code /world/<w>/set_pose} and the rest), callable in-process; none where the
     * host has no application around it.
     */
    default ServicePort services() {
        return ServicePort.NONE;
    }

    /** The logger name for this plugin instance: {@code orrery.plugin.<qualified name>}. */
    default String loggerName() {
        return "orrery.plugin." + LogSafe.text(qualifiedName());
    }

    /** A logger named {@link #loggerName()}. */
    default Logger logger() {
        return LoggerFactory.getLogger(loggerName());
    }

    /**
     * The top-level model that declared this plugin, as the world file (or spawn request) gave it: its links' inertia
     * and collisions, which the physics state does not carry. Empty for a world's plugin.
     */
    default Optional<ModelSpec> modelSpec() {
        return Optional.empty();
    }

    /**
     * A top-level model now in the world, loaded or spawned, as its file or spawn request gave it: the links'
     * collisions and inertia, which the physics state does not carry (a world plugin such as Buoyancy needs every
     * model's). Call it from the runner thread (a phase callback). Empty when there is no such model, or where the
     * host has no world at hand.
     */
    default Optional<ModelSpec> modelSpec(String model) {
        return Optional.empty();
    }

    /**
     * The world as loaded: its source file (data files a plugin names are found beside it), its models and its
     * {@code <spherical_coordinates>}; none where the host has no world at hand.
     */
    default Optional<WorldSpec> worldSpec() {
        return Optional.empty();
    }

    /** The world's gravity (m/s²), as its file set it; SDF's default where the host has no world at hand. */
    default Vec3 gravity() {
        return new Vec3(0, 0, -9.8);
    }

    /** The world's {@code <wind><linear_velocity>} (m/s), as its file set it; none where the host has no world. */
    default Vec3 wind() {
        return Vec3.ZERO;
    }

    /**
     * The world's {@code <performer>}s (gz-sim's server configuration, {@code <plugin name="gz::sim">}): the models
     * Gazebo's PerformerDetector watches, each with its box. None where the host has no world at hand.
     */
    default List<PerformerSpec> performers() {
        return List.of();
    }

    /**
     * Where this plugin may write the files its world asks for (as Gazebo's ColladaWorldExporter writes its mesh),
     * under a directory named after the world: {@code orrery.plugin-output-dir}, never a path the world file names,
     * since a world may come from a request. None where the host was given no directory.
     */
    default Optional<Path> outputDirectory() {
        return Optional.empty();
    }

    /**
     * The world's component store ({@link Components}, one per loaded world): what Gazebo's systems share through
     * components, such as a model's rotor speeds or its battery's charge. Runner thread only (phase callbacks).
     * Throws {@link UnsupportedOperationException} where the host has no world at hand.
     */
    default Components components() {
        throw new UnsupportedOperationException("no world here, so no components");
    }

    /**
     * For a plugin of a nested model, that model's path within {@link #owner()} followed by {@code ::}
     * ({@code inner::}): the prefix of its links' and joints' names in the physics state, where nested models' are
     * scoped within the top-level model. Empty for the top-level model's own plugins and the world's.
     */
    default String scope() {
        return "";
    }
}
