package io.orrery.transport.record;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Message;
import io.orrery.physics.WorldView;
import io.orrery.runner.port.AppliedCommand;
import io.orrery.runner.port.RunListener;
import io.orrery.world.Pose;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps in the recording what a replay needs besides the world and the settings: every command applied from outside
 * the loop with the step it was applied after, and the physical state's hash at every step ({@link StateHash}), with
 * each entry's hash while there are at most {@code maxEntries} (so a replay can name the link that differs), and
 * their names whenever they change. Steps are counted from the run's start, across resets. Runner thread, but for
 * {@link #begin} and {@link #end}.
 */
final class ReplayJournal implements RunListener {

    static final String STATE = "/orrery/replay/state";
    static final String LAYOUT = "/orrery/replay/layout";
    static final String COMMANDS = "/orrery/replay/commands";
    static final String METADATA = "orrery.replay";
    /** The metadata key naming how the state was hashed, and this Orrery's kind: bodies' centre-of-mass states. */
    static final String STATE_HASH = "state_hash";

    static final String STATE_HASH_KIND = "com-2";

    /**
     * The metadata key naming the commands' format, and this Orrery's: 2 keeps every command's data (spawns, removals,
     * teleports, static flags, a controller's steps and seeded resets); files without it kept a publish's only.
     */
    static final String COMMANDS_FORMAT = "commands_format";

    static final String COMMANDS_FORMAT_VERSION = "2";

    /**
     * The longest spawn SDF kept (characters): its entry stays under the MCAP reader's 16 MiB a record even at three
     * UTF-8 bytes a character (docs/limits.md).
     */
    static final int MAX_SPAWN_SDF = 4 << 20;

    /**
     * Steps whose states go to the writer as one entry of its queue (each still one message in the file): the runner
     * hands over one entry every this many steps, not one a step. A killed process loses at most these besides its
     * last chunk.
     */
    static final int BATCH = 64;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final int maxEntries;
    private final long maxCommands;
    private final AtomicLong step = new AtomicLong();
    private volatile Recording recording;
    private volatile long startStep;
    private long simTime;
    private final StateHash hash = new StateHash();
    private List<String> layout;
    /** The states not yet handed to the writer (runner thread, and {@link #end} under this object's lock). */
    private StateBatch pending = new StateBatch();
    /** The step the last recording ended at, for its metadata. */
    private volatile long endStep = -1;

    private final AtomicLong commands = new AtomicLong();
    private final AtomicLong commandsOver = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong spawnsOver = new AtomicLong();

    ReplayJournal(int maxEntries, long maxCommands) {
        this.maxEntries = maxEntries;
        this.maxCommands = maxCommands;
    }

    /** Journals into {@code r} from the next step; {@code settings} go into its metadata when it ends. */
    synchronized void begin(Recording r, Map<String, String> settings) {
        startStep = step.get();
        endStep = -1;
        pending = new StateBatch();
        layout = null;
        commands.set(0);
        commandsOver.set(0);
        lost.set(0);
        spawnsOver.set(0);
        r.metadataAtEnd(() -> new io.orrery.transport.record.mcap.McapMetadata(METADATA, metadata(settings)));
        recording = r;
    }

    /** Stops journaling (the recording is ending): the states not yet handed over go to the writer now. */
    synchronized void end() {
        Recording r = recording;
        if (r != null) {
            hand(r);
        }
        endStep = step.get();
        recording = null;
    }

    private Map<String, String> metadata(Map<String, String> settings) {
        Map<String, String> m = new LinkedHashMap<>(settings);
        m.put("start_step", Long.toString(startStep));
        long end = endStep;
        m.put("steps", Long.toString(end < 0 ? step.get() : end));
        m.put("commands", Long.toString(commands.get()));
        m.put("commands_over", Long.toString(commandsOver.get()));
        m.put("max_commands", Long.toString(maxCommands));
        m.put("lost", Long.toString(lost.get()));
        m.put("spawns_over", Long.toString(spawnsOver.get()));
        m.put("max_state_entries", Integer.toString(maxEntries));
        m.put(STATE_HASH, STATE_HASH_KIND);
        m.put(COMMANDS_FORMAT, COMMANDS_FORMAT_VERSION);
        return m;
    }

    @Override
    public synchronized void onStepped(long iteration, long simTimeNanos, WorldView world) {
        long s = step.incrementAndGet();
        simTime = simTimeNanos;
        Recording r = recording;
        if (r == null) {
            return;
        }
        StateHash h = hash.of(world);
        boolean detailed = h.size() <= maxEntries;
        if (detailed && h.names() != layout) { // the same list for as long as the names stay the same
            layout = h.names();
            Map<String, Object> names = new LinkedHashMap<>();
            names.put("step", s);
            names.put("names", layout);
            if (!r.offerJson(LAYOUT, simTimeNanos, () -> json(names))) {
                lost.incrementAndGet();
            }
        }
        pending.add(s, simTimeNanos, h, detailed);
        if (pending.size() == BATCH) {
            hand(r);
        }
    }

    /** Hands the pending states to the writer. */
    private void hand(Recording r) {
        if (pending.size() > 0) {
            if (!r.offerJsonBatch(STATE, pending)) {
                lost.addAndGet(pending.size());
            }
            pending = new StateBatch(); // the writer reads the one handed over
        }
    }

    /** Up to {@link #BATCH} steps' states: each step's number, time and hashes, its entries' hashes in one array. */
    private static final class StateBatch implements Recording.JsonBatch {
        private final long[] steps = new long[BATCH];
        private final long[] times = new long[BATCH];
        private final long[] worlds = new long[BATCH];
        /** Where each step's entries start in {@link #entries}; -1 for a step that keeps none. */
        private final int[] from = new int[BATCH];

        private final int[] count = new int[BATCH];
        private long[] entries = new long[0];
        private int used;
        private int n;

        void add(long step, long timeNanos, StateHash h, boolean detailed) {
            steps[n] = step;
            times[n] = timeNanos;
            worlds[n] = h.world();
            if (detailed) {
                if (used + h.size() > entries.length) {
                    entries = Arrays.copyOf(entries, Math.max(2 * entries.length, used + h.size()));
                }
                h.copyEntries(entries, used);
                from[n] = used;
                count[n] = h.size();
                used += h.size();
            } else {
                from[n] = -1;
            }
            n++;
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public long timeNanos(int i) {
            return times[i];
        }

        @Override
        public byte[] json(int i) {
            long[] e = from[i] < 0 ? null : Arrays.copyOfRange(entries, from[i], from[i] + count[i]);
            return state(steps[i], worlds[i], e);
        }
    }

    @Override
    public void onCommandApplied(AppliedCommand command) {
        Recording r = recording;
        if (r == null) {
            return;
        }
        if (commands.get() >= maxCommands) {
            commandsOver.incrementAndGet();
            return;
        }
        if (command.data() instanceof AppliedCommand.Spawn sp && sp.sdf().length() > MAX_SPAWN_SDF) {
            spawnsOver.incrementAndGet();
            return;
        }
        long seq = commands.incrementAndGet();
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("step", step.get());
        // the order applied: the file orders messages by sim time, which a reset sets back
        c.put("seq", seq);
        c.put("name", command.name());
        data(c, command.data());
        if (!r.offerJson(COMMANDS, simTime, () -> json(c))) {
            lost.incrementAndGet();
        }
    }

    /** What a command carried, as its journal entry's fields. */
    private void data(Map<String, Object> c, AppliedCommand.Data data) {
        if (data instanceof AppliedCommand.Publish p) {
            c.put("topic", p.topic());
            message(c, p.message());
        } else if (data instanceof AppliedCommand.Spawn sp) {
            c.put("sdf", sp.sdf());
            c.put("origin", sp.origin());
            c.put("model", sp.name());
            sp.pose().ifPresent(p -> c.put("pose", pose(p)));
        } else if (data instanceof AppliedCommand.Remove rm) {
            c.put("model", rm.model());
        } else if (data instanceof AppliedCommand.Teleport t) {
            c.put("model", t.model());
            c.put("pose", pose(t.pose()));
        } else if (data instanceof AppliedCommand.SetStatic st) {
            c.put("model", st.model());
            c.put("static", st.isStatic());
        } else if (data instanceof AppliedCommand.Lockstep l) {
            c.put("step", step.get() - l.steps()); // its messages went out before its first step
            c.put("steps", l.steps());
            List<Map<String, Object>> published = new ArrayList<>();
            l.publish().forEach((topic, m) -> {
                Map<String, Object> p = new LinkedHashMap<>();
                p.put("topic", topic);
                message(p, m);
                published.add(p);
            });
            c.put("publish", published);
        } else if (data instanceof AppliedCommand.Reset rs) {
            rs.seed().ifPresent(seed -> c.put("seed", seed));
        }
    }

    private static void message(Map<String, Object> c, Message m) {
        c.put("type", m.getDescriptorForType().getFullName());
        c.put("data", Base64.getEncoder().encodeToString(m.toByteArray()));
    }

    /** A pose as its seven doubles, written as Java prints them (the shortest text that reads back to the bits). */
    private static List<Double> pose(Pose p) {
        return List.of(
                p.position().x(),
                p.position().y(),
                p.position().z(),
                p.rotation().w(),
                p.rotation().x(),
                p.rotation().y(),
                p.rotation().z());
    }

    /** {@code {"step":N,"hash":"…","entries":["…",…]}}, hashes as 16 hex digits. */
    static byte[] state(long step, long hash, long[] entries) {
        StringBuilder b = new StringBuilder(48 + (entries == null ? 0 : entries.length * 19));
        b.append("{\"step\":")
                .append(step)
                .append(",\"hash\":\"")
                .append(hex(hash))
                .append('"');
        if (entries != null) {
            b.append(",\"entries\":[");
            for (int i = 0; i < entries.length; i++) {
                b.append(i == 0 ? "\"" : ",\"").append(hex(entries[i])).append('"');
            }
            b.append(']');
        }
        return b.append('}').toString().getBytes(StandardCharsets.US_ASCII);
    }

    static String hex(long v) {
        String h = Long.toHexString(v);
        return "0".repeat(16 - h.length()) + h;
    }

    private static byte[] json(Object value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
