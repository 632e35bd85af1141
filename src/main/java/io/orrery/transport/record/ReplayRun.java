package io.orrery.transport.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.orrery.app.Models;
import io.orrery.app.SpawnRequest;
import io.orrery.app.Topics;
import io.orrery.app.World;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.lifecycle.SimState;
import io.orrery.physics.WorldView;
import io.orrery.runner.port.ControlHandle;
import io.orrery.runner.port.RunListener;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a recording again ({@code --orrery.replay}): from the paused start, steps the world to each recorded command's
 * step and applies it as it was applied (after that step), compares the physical state's hash at every step with
 * the recorded one, and tells the first step that differs with the model and link, or that every step was identical.
 */
final class ReplayRun {

    private static final Logger log = LoggerFactory.getLogger(ReplayRun.class);

    /** Exit codes: identical; a step differs (Cloe's failure); the recording cannot be replayed (no-start). */
    static final int IDENTICAL = 0;

    static final int DIFFERS = 9;
    static final int CANNOT = 4;

    /** Commands that change nothing a replay steps through: it steps the world itself, unpaced. */
    private static final Set<String> WITHOUT_EFFECT =
            Set.of("pause", "resume", "step", "run-to", "real-time-factor", "acquire", "release", "stop");

    /** The largest step batch one command asks for. */
    private static final long BATCH = 100_000;

    record Verdict(int code, String message) {}

    private final Worlds worlds;
    private final Topics topics;
    private final Models models;

    ReplayRun(Worlds worlds, Topics topics, Models models) {
        this.worlds = worlds;
        this.topics = topics;
        this.models = models;
    }

    /** Compares each step's hash with the recording's; keeps the first that differs. Runner thread. */
    private static final class Check implements RunListener {
        private final long[] recorded;
        private long step;
        private volatile long differs;
        private final StateHash hash = new StateHash();
        private volatile long[] replayedEntries;
        private volatile List<String> replayedNames;

        Check(long[] recorded) {
            this.recorded = recorded;
        }

        @Override
        public void onStepped(long iteration, long simTimeNanos, WorldView world) {
            step++;
            if (differs != 0 || step > recorded.length) {
                return;
            }
            StateHash h = hash.of(world);
            if (h.world() != recorded[(int) step - 1]) {
                replayedEntries = h.entries();
                replayedNames = h.names();
                differs = step;
            }
        }
    }

    Verdict replay(Path file) throws Exception {
        ReplayFile recorded;
        try {
            recorded = ReplayFile.read(file);
        } catch (IllegalArgumentException e) {
            return new Verdict(CANNOT, e.getMessage());
        }
        World w = worlds.get(WorldId.DEFAULT);
        Check check = new Check(recorded.hashes);
        w.events().accept(check);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (w.reads().status().state() != SimState.PAUSE
                || w.reads().status().iterations() != 0) {
            if (System.nanoTime() > deadline
                    || !w.reads().status().state().equals(SimState.PAUSE)
                            && w.reads().status().state() == SimState.DISCONNECT) {
                return new Verdict(
                        CANNOT,
                        "the recorded world did not start paused: "
                                + w.reads().status().state());
            }
            Thread.sleep(10);
        }
        long at = 0;
        for (ReplayFile.Command c : recorded.commands) {
            if (check.differs != 0) {
                break;
            }
            at = stepTo(w, at, c.step());
            String refused;
            try {
                refused = apply(w, c);
            } catch (ExecutionException e) {
                refused = "the recorded '" + c.name() + "' failed in the replay: "
                        + e.getCause().getMessage();
            }
            if (refused != null) {
                return new Verdict(CANNOT, "step " + c.step() + ": " + refused);
            }
        }
        if (check.differs == 0) {
            stepTo(w, at, recorded.hashes.length);
        }
        long differs = check.differs;
        if (differs == 0) {
            return new Verdict(IDENTICAL, "identical through step " + recorded.hashes.length + " (" + file + ")");
        }
        return new Verdict(
                DIFFERS,
                "step " + differs + " differs" + where(recorded, differs, check.replayedNames, check.replayedEntries)
                        + " (" + file + ")");
    }

    /** Applies {@code c} as it was applied; null when done, else why it cannot be. */
    private String apply(World w, ReplayFile.Command c) throws Exception {
        switch (c.name()) {
            case "publish" -> {
                if (c.text("topic") == null) {
                    return null; // a plugin's own thread published it: the plugin runs again and does so again
                }
                return publish(w, c.fields());
            }
            case "reset" -> {
                if (c.fields().has("seed")) { // a controller's reset seeds the noise through its hold
                    ControlHandle h = w.hold().acquire("replay").get();
                    try {
                        h.reset(OptionalLong.of(c.fields().path("seed").asLong()), List.of(), List.of())
                                .get();
                    } finally {
                        h.release("replayed").get();
                    }
                } else {
                    w.control().reset().get();
                }
            }
            case "step" -> { // a controller's lockstep step: what it published before its first step
                for (JsonNode p : c.fields().path("publish")) {
                    String refused = publish(w, p);
                    if (refused != null) {
                        return refused;
                    }
                }
            }
            case "spawn" -> {
                if (c.text("sdf") == null) {
                    return "the recording holds a spawn of '" + c.text("model")
                            + "' made from code, not from SDF: a replay cannot build it again";
                }
                Optional<Pose> pose =
                        c.fields().has("pose") ? Optional.of(pose(c.fields().path("pose"))) : Optional.empty();
                models.spawn(
                                WorldId.DEFAULT,
                                new SpawnRequest(
                                        new SpawnRequest.ModelSource.Snippet(c.text("sdf")),
                                        c.text("origin"),
                                        Optional.of(c.text("model")),
                                        pose,
                                        false))
                        .get();
            }
            case "remove" -> w.edits().remove(c.text("model")).get();
            case "teleport" ->
                w.edits()
                        .teleport(c.text("model"), pose(c.fields().path("pose")))
                        .get();
            case "set-static" ->
                w.edits()
                        .setStatic(c.text("model"), c.fields().path("static").asBoolean())
                        .get();
            default -> {
                if (!WITHOUT_EFFECT.contains(c.name())) {
                    return "the recording holds a '" + c.name() + "' command, which a replay does not apply (it"
                            + " replays publish, reset, spawn, remove, teleport, set-static and a controller's"
                            + " steps)";
                }
            }
        }
        return null;
    }

    /** Publishes a recorded message ({@code topic}, {@code type}, {@code data}); null when done, else why not. */
    private String publish(World w, JsonNode p) throws Exception {
        String topic = p.path("topic").asText();
        String type = p.path("type").asText();
        Topics.Target target = topics.target(WorldId.DEFAULT, topic);
        if (!MessageTypes.nameOf(target.type()).equals(type)) {
            return "the recording published a " + type + " on " + topic + ", which carries "
                    + MessageTypes.nameOf(target.type()) + " here";
        }
        Message m = MessageTypes.defaultInstance(target.type())
                .getParserForType()
                .parseFrom(Base64.getDecoder().decode(p.path("data").asText()));
        w.topics().publish(topic, m).get();
        return null;
    }

    /** A pose as the journal writes it: x, y, z, then the rotation's w, x, y, z. */
    private static Pose pose(JsonNode p) {
        if (!p.isArray() || p.size() != 7) {
            throw new IllegalArgumentException("a recorded pose must be 7 numbers, got " + p);
        }
        return new Pose(
                new Vec3(p.get(0).asDouble(), p.get(1).asDouble(), p.get(2).asDouble()),
                new Quat(
                        p.get(3).asDouble(),
                        p.get(4).asDouble(),
                        p.get(5).asDouble(),
                        p.get(6).asDouble()));
    }

    private static String where(ReplayFile recorded, long step, List<String> names, long[] entries) throws Exception {
        ReplayFile.Detail d = recorded.detailAt(step);
        if (d.names().isEmpty()) {
            return ": the recording kept no link hashes at that step (orrery.record.max-state-entries)";
        }
        if (!d.names().equals(names)) {
            return ": its models or links are not those recorded (recorded "
                    + d.names().size() + " entries, " + names.size() + " replayed)";
        }
        int i = StateHash.firstDifferent(d.entries(), entries);
        if (i < 0) {
            return ": every link's hash matches but the world's does not";
        }
        String name = d.names().get(i);
        int slash = name.indexOf('/');
        return slash < 0
                ? ": model " + name.replace(" (joints)", "") + ", its joints"
                : ": model " + name.substring(0, slash) + ", link " + name.substring(slash + 1);
    }

    /** Steps the paused world from step {@code at} to {@code target}. */
    private static long stepTo(World w, long at, long target) throws Exception {
        while (at < target) {
            long n = Math.min(BATCH, target - at);
            w.control().step(n).get();
            at += n;
        }
        log.debug("Replay at step {}", at);
        return at;
    }
}
