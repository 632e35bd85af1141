package io.orrery.system;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.gz.msgs.DoubleProtos;
import io.orrery.app.Models;
import io.orrery.app.World;
import io.orrery.app.WorldControl;
import io.orrery.app.WorldId;
import io.orrery.app.WorldServiceCalls;
import io.orrery.app.Worlds;
import io.orrery.builtin.Extensions;
import io.orrery.event.EventSink;
import io.orrery.lifecycle.SimState;
import io.orrery.ops.PhysicsEngines;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.topic.TopicMessage;
import io.orrery.world.WorldSaver;
import io.orrery.world.sdf.GzSimWorlds;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A runner for the ported Gazebo systems' simulation tests: a real world file (Gazebo Sim's examples, or a copy
 * with a plugin added), the default physics engine (what a user who sets no option gets), the built-in plugin registry, started paused and stepped by count. Register
 * with {@code @RegisterExtension}: it stops the runner afterwards.
 */
public final class GazeboSystemRunner implements AfterEachCallback {

    private static final SdfReader READER = new SdfReader(List.of());

    private final Path dir;
    private final List<SystemRegistration> systems = new ArrayList<>();
    private EventSink events = EventSink.NONE;
    private SdfReader reader = READER;
    private SimulationRunner runner;
    private PhysicsEngine engine = PhysicsEngines.named(PhysicsEngines.NAMES.get(0));

    public GazeboSystemRunner() {
        try {
            dir = Files.createTempDirectory("orrery-gz-systems");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One of Gazebo Sim's example worlds; fails the test when the folder or the file is missing. */
    public static Path gzWorld(String file) {
        Path world = GzSimWorlds.folder().resolve(file);
        assertThat(world).as("Gazebo Sim's example world").exists();
        return world;
    }

    /** A copy of {@code world} with {@code xml} inserted just before the first occurrence of {@code before}. */
    public Path withInserted(Path world, String before, String xml) {
        try {
            String text = Files.readString(world);
            int at = text.indexOf(before);
            assertThat(at).as("'%s' in %s", before, world).isNotNegative();
            Path copy = dir.resolve(System.nanoTime() + "-" + world.getFileName());
            Files.writeString(copy, text.substring(0, at) + xml + text.substring(at));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A copy of {@code world} with every {@code find} replaced by {@code replace}; fails when there is none. */
    public Path withReplaced(Path world, String find, String replace) {
        try {
            String text = Files.readString(world);
            assertThat(text).contains(find);
            Path copy = dir.resolve("variant-" + System.nanoTime() + "-" + world.getFileName());
            Files.writeString(copy, text.replace(find, replace));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A world file written from {@code sdf}. */
    public Path write(String name, String sdf) {
        try {
            return Files.writeString(dir.resolve(name), sdf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds a system (a test's probe or actor) registered for every world the next start loads. */
    public GazeboSystemRunner system(Object system) {
        systems.add(new SystemRegistration(system, OptionalInt.empty()));
        return this;
    }

    /**
     * Runs on {@code other} instead of the default engine: for a test whose Gazebo figure the default does not meet
     * yet, which names the default's figure beside it.
     */
    public GazeboSystemRunner engine(PhysicsEngine other) {
        engine = other;
        return this;
    }

    /** Where the runner of the next start emits its events. */
    public GazeboSystemRunner events(EventSink sink) {
        events = sink;
        return this;
    }

    /** Resolves the next world's includes in {@code modelPath} (as gz-sim's tests set GZ_SIM_RESOURCE_PATH). */
    public GazeboSystemRunner modelPath(Path modelPath) {
        reader = new SdfReader(List.of(modelPath));
        return this;
    }

    /** Starts {@code world} as fast as possible, paused, and waits until it is. */
    public SimulationRunner startPaused(Path world) throws InterruptedException {
        PluginRegistry registry = Extensions.discovered().plugins();
        runner = SimulationRunner.builder(reader::read, world, engine)
                .systems(() -> List.copyOf(systems))
                .plugins(registry, PluginSettings.defaults().withOutputDirectory(outputDirectory()))
                .events(events)
                .settings(RunnerSettings.defaults().withRealTimeFactor(0).withStartPaused(true))
                .worldSystems(Extensions.discovered().worldSystems())
                .devices(Extensions.discovered().deviceKinds())
                .build();
        runner.offerServices(worldServices(runner, reader, dir.resolve("saved")));
        runner.start();
        // a guard against a runner that never starts, not a measure: generous, so a loaded machine cannot trip it
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (runner.reads().currentState() != SimState.PAUSE) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "the world did not start paused: " + runner.reads().status());
            }
            Thread.sleep(2);
        }
        return runner;
    }

    /** Where the plugins of the worlds it starts write their files: a folder of this test's own. */
    public Path outputDirectory() {
        return dir.resolve("output");
    }

    /**
     * The world services a user's server offers its plugins ({@code /world/<w>/set_pose} and the rest): the
     * application's use case over {@code r}, as the server wires it; saves go to {@code saves}.
     */
    public static WorldServiceCalls worldServices(SimulationRunner r, SdfReader reader, Path saves) {
        Worlds worlds = new Worlds(List.of(
                new World(WorldId.DEFAULT, r.control(), r.edits(), r.topics(), r.hold(), r.reads(), r::addListener)));
        return new WorldServiceCalls(
                worlds, new WorldControl(worlds), new Models(worlds, reader, new WorldSaver(saves)));
    }

    public SimulationRunner runner() {
        return runner;
    }

    /** Runs {@code count} steps and waits for them. */
    public void step(long count) throws Exception {
        runner.control().step(count).get(120, TimeUnit.SECONDS);
    }

    /** Publishes on the world's bus and waits until the subscribers have it (at the next StepEnd). */
    public void publish(String topic, Message message) throws Exception {
        runner.topics().publish(topic, message).get(30, TimeUnit.SECONDS);
    }

    /** Publishes a gz.msgs.Double, as a joint system's command, and waits until the subscribers have it. */
    public void publish(String topic, double value) throws Exception {
        publish(topic, DoubleProtos.Double.newBuilder().setData(value).build());
    }

    public void reset() throws Exception {
        runner.control().reset().get(30, TimeUnit.SECONDS);
    }

    /** The model's state at the last StepEnd. */
    public ModelState model(String name) {
        return runner.reads().snapshot().model(name).orElseThrow(() -> new AssertionError("no model '" + name + "'"));
    }

    /** The latest message on {@code topic}, of {@code type}; fails when there is none. */
    public <T> T latest(String topic, Class<T> type) {
        TopicMessage m = runner.topics()
                .bus()
                .orElseThrow()
                .latest(topic)
                .orElseThrow(() -> new AssertionError("no message on " + topic));
        return type.cast(m.message());
    }

    /** Every message published on {@code topic} from now on, as a test subscriber receives them (a live list). */
    public <T extends Message> List<T> collect(String topic, Class<T> type) {
        List<T> received = java.util.Collections.synchronizedList(new ArrayList<>());
        runner.topics().bus().orElseThrow().subscribe(topic, type, "test", received::add);
        return received;
    }

    public boolean hasMessage(String topic) {
        return runner.topics().bus().orElseThrow().latest(topic).isPresent();
    }

    /** Stops the running world, so that a test can start another (the .cc's second server). */
    public void stop() throws Exception {
        if (runner != null && runner.isRunning()) {
            runner.control().stop();
            runner.finished().get(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        stop();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
