package io.orrery.transport.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.transport.record.mcap.McapChannel;
import io.orrery.transport.record.mcap.McapMessage;
import io.orrery.transport.record.mcap.McapMessageCursor;
import io.orrery.transport.record.mcap.McapMetadata;
import io.orrery.transport.record.mcap.McapReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a recording holds for a replay: its settings, the commands in the order applied, and the world's state hash
 * at every step. Refuses a recording that cannot be replayed, saying why. Entries are read again only at the step
 * that differs ({@link #detailAt}).
 */
final class ReplayFile {

    /** The most steps a replay checks (a hash of 8 bytes each held in memory): docs/limits.md. */
    static final long MAX_STEPS = 10_000_000;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A command as recorded: applied after {@code step} steps, with its journal entry's fields. */
    record Command(long step, String name, JsonNode fields) {

        /** A text field, or null. */
        String text(String key) {
            return fields.path(key).asText(null);
        }
    }

    /** Commands a recording of an earlier journal format (no data kept but a publish's) replays. */
    private static final Set<String> BEFORE_FORMAT_2 = Set.of(
            "publish", "reset", "pause", "resume", "step", "run-to", "real-time-factor", "acquire", "release", "stop");

    /** The hashes of every entry at one step, with the entries' names. */
    record Detail(List<String> names, long[] entries) {}

    final Path file;
    final Map<String, String> settings;
    final List<Command> commands;
    final long[] hashes;

    private ReplayFile(Path file, Map<String, String> settings, List<Command> commands, long[] hashes) {
        this.file = file;
        this.settings = settings;
        this.commands = commands;
        this.hashes = hashes;
    }

    static ReplayFile read(Path file) throws IOException {
        try (McapReader r = McapReader.open(file)) {
            Map<String, String> settings = null;
            for (McapMetadata m : r.metadata()) {
                if (m.name().equals(ReplayJournal.METADATA)) {
                    settings = m.metadata();
                }
            }
            if (settings == null) {
                throw new IllegalArgumentException(file + " holds no " + ReplayJournal.METADATA
                        + " metadata: it was not recorded by an Orrery that keeps replays, or did not end whole");
            }
            if (!ReplayJournal.STATE_HASH_KIND.equals(settings.get(ReplayJournal.STATE_HASH))) {
                throw new IllegalArgumentException(file + " cannot be replayed: its state hashes are not of the kind"
                        + " this Orrery computes (" + ReplayJournal.STATE_HASH + " "
                        + settings.get(ReplayJournal.STATE_HASH) + ", not " + ReplayJournal.STATE_HASH_KIND
                        + "); replay it with the Orrery that recorded it");
            }
            String format = settings.get(ReplayJournal.COMMANDS_FORMAT);
            if (format != null && !format.equals(ReplayJournal.COMMANDS_FORMAT_VERSION)) {
                throw new IllegalArgumentException(file + " cannot be replayed: its commands are of "
                        + ReplayJournal.COMMANDS_FORMAT + " " + format + ", this Orrery reads "
                        + ReplayJournal.COMMANDS_FORMAT_VERSION + "; replay it with the Orrery that recorded it");
            }
            refuseUnless(file, settings, "start_step", "0", "it was started after step 0 (replay runs from the start)");
            refuseUnless(file, settings, "lost", "0", "the recorder fell behind and lost journal records");
            refuseUnless(
                    file, settings, "commands_over", "0", "it holds more commands than orrery.record.max-commands");
            refuseUnless(
                    file,
                    settings,
                    "spawns_over",
                    "0",
                    "a model was spawned from an SDF longer than a recording keeps (" + ReplayJournal.MAX_SPAWN_SDF
                            + " characters)");
            if (settings.containsKey("files_over")) {
                throw new IllegalArgumentException(file + " cannot be replayed: " + settings.get("files_over"));
            }
            long steps = Long.parseLong(settings.getOrDefault("steps", "0"));
            if (steps > MAX_STEPS) {
                throw new IllegalArgumentException(
                        file + " holds " + steps + " steps; a replay checks at most " + MAX_STEPS);
            }
            long[] hashes = new long[(int) steps];
            boolean[] seen = new boolean[(int) steps];
            List<Command> commands = new ArrayList<>();
            Map<Integer, String> ids = channels(r, Set.of(ReplayJournal.STATE, ReplayJournal.COMMANDS));
            McapMessageCursor cursor = r.messages(ids.keySet());
            McapMessage m;
            while ((m = cursor.next()) != null) {
                JsonNode n = JSON.readTree(m.data());
                long step = n.path("step").asLong(-1);
                if (ids.get(m.channelId()).equals(ReplayJournal.STATE)) {
                    if (step < 1 || step > steps) {
                        throw new IllegalArgumentException(file + ": a state hash for step " + step + " of " + steps);
                    }
                    hashes[(int) step - 1] =
                            Long.parseUnsignedLong(n.path("hash").asText(), 16);
                    seen[(int) step - 1] = true;
                } else {
                    Command c = new Command(step, n.path("name").asText(), n);
                    if (format == null && !BEFORE_FORMAT_2.contains(c.name())) {
                        throw new IllegalArgumentException(file + " cannot be replayed: step " + step + " holds a '"
                                + c.name() + "' command recorded without its data (by an Orrery before "
                                + ReplayJournal.COMMANDS_FORMAT + " " + ReplayJournal.COMMANDS_FORMAT_VERSION
                                + ", which kept the data of publish and reset only)");
                    }
                    commands.add(c);
                }
            }
            for (int i = 0; i < seen.length; i++) {
                if (!seen[i]) {
                    throw new IllegalArgumentException(file + " has no state hash for step " + (i + 1));
                }
            }
            // by step, then in the order applied (files before commands_format 2: in the file's order, a stable sort)
            commands.sort(Comparator.comparingLong(Command::step)
                    .thenComparingLong(c -> c.fields().path("seq").asLong(0)));
            return new ReplayFile(file, Map.copyOf(settings), List.copyOf(commands), hashes);
        }
    }

    /** The entries' hashes recorded at {@code step}, with their names; empty names when the step kept none. */
    Detail detailAt(long step) throws IOException {
        try (McapReader r = McapReader.open(file)) {
            Map<Integer, String> ids = channels(r, Set.of(ReplayJournal.STATE, ReplayJournal.LAYOUT));
            List<String> names = List.of();
            long layoutStep = -1;
            long[] entries = null;
            McapMessageCursor cursor = r.messages(ids.keySet());
            McapMessage m;
            while ((m = cursor.next()) != null) {
                JsonNode n = JSON.readTree(m.data());
                long s = n.path("step").asLong(-1);
                if (ids.get(m.channelId()).equals(ReplayJournal.LAYOUT)) {
                    if (s <= step && s > layoutStep) {
                        layoutStep = s;
                        names = new ArrayList<>();
                        for (JsonNode name : n.path("names")) {
                            names.add(name.asText());
                        }
                    }
                } else if (s == step && n.has("entries")) {
                    entries = new long[n.path("entries").size()];
                    for (int i = 0; i < entries.length; i++) {
                        entries[i] =
                                Long.parseUnsignedLong(n.path("entries").get(i).asText(), 16);
                    }
                }
            }
            return entries == null
                    ? new Detail(List.of(), new long[0])
                    : new Detail(List.copyOf(names), Arrays.copyOf(entries, entries.length));
        }
    }

    private static Map<Integer, String> channels(McapReader r, Set<String> topics) {
        Map<Integer, String> ids = new HashMap<>();
        for (McapChannel c : r.channels().values()) {
            if (topics.contains(c.topic())) {
                ids.put(c.id(), c.topic());
            }
        }
        return ids;
    }

    private static void refuseUnless(Path file, Map<String, String> settings, String key, String value, String why) {
        if (!value.equals(settings.getOrDefault(key, value))) {
            throw new IllegalArgumentException(
                    file + " cannot be replayed: " + why + " (" + key + " " + settings.get(key) + ")");
        }
    }
}
