package io.orrery.system.logicalaudio;

import com.gz.msgs.DoubleProtos;
import com.gz.msgs.EmptyProtos.Empty;
import com.gz.msgs.HeaderProtos.Header;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Components;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginOwner;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Update;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's LogicalAudioSensorPlugin ({@code gz-sim-logicalaudiosensorplugin-system}), a world or model plugin: its
 * {@code <source>}s and {@code <microphone>}s ({@link AudioElements}) sit at poses relative to the plugin's model (or
 * the world). After each step that is not paused, each microphone publishes, for every playing source of the world
 * (any plugin's) it hears ({@link Attenuation}), a {@code gz.msgs.Double} with the volume it hears, the source's
 * scoped name ({@code world/<world>/model/<model>/sensor/source_<id>}) as the header's data key and the sim time as
 * its stamp, on {@code /model/<model>/sensor/mic_<id>/detection} ({@code /sensor/mic_<id>/detection} for a world
 * plugin). A source plays from the first step for {@code <play_duration>} s more (0: for ever); Gazebo's play and stop
 * services {@code …/sensor/source_<id>/play} and {@code …/stop} are topics here, taking a {@code gz.msgs.Empty}
 * (Orrery's bus has no services, so there is no answer), a play restarting the duration of a source that had
 * stopped. A reset returns every source to its file's state. Threads: the runner's (commands arrive on it).
 */
public final class LogicalAudioSensorPlugin implements Plugin, PreUpdate, Update, Reset {

    /** Gazebo's short name: {@code gz-sim-logicalaudiosensorplugin-system}. */
    public static final String SHORT_NAME = "logicalaudiosensorplugin";
    /** Gazebo's class name: {@code gz::sim::systems::LogicalAudioSensorPlugin}. */
    public static final String CLASS_NAME = "LogicalAudioSensorPlugin";

    /**
     * gz-sim's {@code LogicalAudioSource} and its play information, on the source's entity: every plugin's sources,
     * which every plugin's microphones listen to. Shared by this system's instances only.
     */
    static final Components.Key<Sounding> SOURCES = Components.Key.of("LogicalAudioSource", Sounding.class);

    /** A source as microphones need it this step: where it is (relative to {@code owner}) and how it sounds. */
    record Sounding(String scopedName, Optional<DeclaringModel> owner, AudioElements.Source source, boolean playing) {}

    /** A source's play state: Gazebo's {@code LogicalAudioSourcePlayInfo}, and the commands waiting for a step. */
    private static final class PlayState {
        final AudioElements.Source source;
        final String entity;
        final String scopedName;
        boolean playing;
        long startNanos;
        boolean playRequested;
        boolean stopRequested;

        PlayState(AudioElements.Source source, String entity, String scopedName) {
            this.source = source;
            this.entity = entity;
            this.scopedName = scopedName;
            this.playing = source.playing();
        }
    }

    private record Mic(AudioElements.Microphone microphone, Publisher<DoubleProtos.Double> detections) {}

    private PluginContext context;
    private GazeboParameters params;
    private Optional<DeclaringModel> owner = Optional.empty();
    private final List<PlayState> sources = new ArrayList<>();
    private final List<Mic> microphones = new ArrayList<>();
    private List<AudioElements.Microphone> micElements = List.of();
    private boolean firstTime = true;

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        if (!(ctx.owner() instanceof PluginOwner.World)) {
            owner = Optional.of(DeclaringModel.of(ctx, params));
        }
        String world = ctx.snapshot().world();
        String entityBase =
                owner.map(m -> Components.entity(m.model(), m.scope()) + "::").orElse("");
        for (AudioElements.Source s : AudioElements.sources(ctx.spec().parameters(), params)) {
            String name = "source_" + s.id();
            sources.add(new PlayState(s, entityBase + name, "world/" + world + topicBase() + "/sensor/" + name));
        }
        micElements = AudioElements.microphones(ctx.spec().parameters(), params);
    }

    /** gz-sim's {@code topicFromScopedName} of the plugin's parent: {@code /model/<model>…}, empty for the world. */
    private String topicBase() {
        return owner.map(DeclaringModel::scopedTopic).orElse("");
    }

    private String topic(String sensor, String rest) {
        try {
            return GazeboTopics.valid(topicBase() + "/sensor/" + sensor + "/" + rest);
        } catch (IllegalArgumentException e) {
            throw params.bad("no valid topic for " + sensor + ": " + e.getMessage());
        }
    }

    @Override
    public void start(PluginContext ctx) {
        TopicBus bus = ctx.topics();
        String name = ctx.qualifiedName();
        for (PlayState s : sources) {
            String sensor = "source_" + s.source.id();
            // Gazebo's play and stop services; the bus has topics only
            bus.subscribe(topic(sensor, "play"), Empty.class, name, m -> s.playRequested = true);
            bus.subscribe(topic(sensor, "stop"), Empty.class, name, m -> s.stopRequested = true);
        }
        for (AudioElements.Microphone m : micElements) {
            String topic = topic("mic_" + m.id(), "detection");
            microphones.add(new Mic(m, bus.advertise(topic, DoubleProtos.Double.class, name)));
        }
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        long now = info.simTimeNanos();
        Components components = context.components();
        // Gazebo starts the clock at its first PreUpdate; Orrery's paused ones before the first step come and go with
        // the machine's timing, so the clock starts at the first step, as Gazebo's does when the world starts running
        boolean first = firstTime && !info.paused();
        for (PlayState s : sources) {
            if (first) {
                s.startNanos = now;
            }
            if (s.playRequested) {
                if (!s.playing) {
                    s.startNanos = now; // a play while playing changes nothing
                }
                s.playing = true;
                s.playRequested = false;
            }
            if (s.stopRequested) {
                s.playing = false;
                s.stopRequested = false;
            }
            long duration = s.source.playDurationNanos();
            if (duration > 0 && now - s.startNanos > duration) {
                s.playing = false;
            }
            components.set(s.entity, SOURCES, new Sounding(s.scopedName, owner, s.source, s.playing));
        }
        if (first) {
            firstTime = false;
        }
    }

    @Override
    public void update(UpdateInfo info, PhysicsWorld world) {
        if (info.paused() || microphones.isEmpty()) {
            return;
        }
        List<Sounding> all = List.copyOf(context.components().all(SOURCES).values());
        for (Mic mic : microphones) {
            Optional<Pose> at = worldPose(owner, mic.microphone().pose(), world);
            if (at.isEmpty()) {
                continue;
            }
            for (Sounding s : all) {
                Optional<Pose> from = worldPose(s.owner(), s.source().pose(), world);
                if (from.isEmpty()) {
                    continue;
                }
                double distance =
                        from.get().position().minus(at.get().position()).length();
                AudioElements.Source src = s.source();
                double volume = Attenuation.volume(
                        s.playing(), src.volume(), src.innerRadius(), src.falloffDistance(), distance);
                if (Attenuation.heard(volume, mic.microphone().threshold())) {
                    Header.Builder header = Messages.header(info.simTimeNanos()).toBuilder();
                    header.addDataBuilder().setKey(s.scopedName());
                    mic.detections()
                            .publish(DoubleProtos.Double.newBuilder()
                                    .setHeader(header)
                                    .setData(volume)
                                    .build());
                }
            }
        }
    }

    /** {@code relative} in the world: to the owning model's pose, or as is for a world plugin; empty if gone. */
    private static Optional<Pose> worldPose(Optional<DeclaringModel> owner, Pose relative, PhysicsWorld world) {
        if (owner.isEmpty()) {
            return Optional.of(relative);
        }
        DeclaringModel m = owner.get();
        Optional<ModelState> state = world.model(m.model());
        return state.flatMap(m::pose).map(p -> p.compose(relative));
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        for (PlayState s : sources) {
            s.playing = s.source.playing();
            s.playRequested = false;
            s.stopRequested = false;
        }
        firstTime = true;
    }
}
