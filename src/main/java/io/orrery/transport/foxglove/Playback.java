package io.orrery.transport.foxglove;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.transport.record.mcap.McapChannel;
import io.orrery.transport.record.mcap.McapMessage;
import io.orrery.transport.record.mcap.McapMessageCursor;
import io.orrery.transport.record.mcap.McapReader;
import io.orrery.transport.record.mcap.McapSchema;
import io.orrery.transport.record.mcap.McapStatistics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;

/**
 * One client's playback of a recording: the recording's protobuf channels advertised with their schemas, and its
 * messages sent to the client's subscriptions in log-time order at their recorded times (sim time), each after a
 * {@code time} frame, paced by the wall clock at the chosen speed. The client plays, pauses, seeks and sets the speed
 * with parameters ({@link #PLAYING}, {@link #SPEED}, {@link #TIME}), as Foxglove's Parameters panel sets them; every
 * change is answered with the parameters' values, after which no message of the state before is sent. A thread of its
 * own reads and sends; the socket's thread only changes the state. A seek opens the file again at the chunk holding
 * that time, so a playback holds one chunk or a few at once, whatever the file's size.
 */
final class Playback implements Runnable {

    /** Whether the recording plays (true) or is paused. */
    static final String PLAYING = "playback.playing";
    /** How many times faster than recorded it plays, from {@link #MIN_SPEED} to {@link #MAX_SPEED}. */
    static final String SPEED = "playback.speed";
    /** Where it is, in seconds from the recording's first message; setting it seeks. */
    static final String TIME = "playback.time";
    /** The recording's length in seconds (read only). */
    static final String DURATION = "playback.duration";

    static final double MIN_SPEED = 0.01;
    static final double MAX_SPEED = 100;
    /** The scene is drawn once per change of models: a seek sends the last one before the new time again. */
    private static final String SCENE = FoxgloveServer.SCENE;

    private final WebSocketSession session;
    private final McapReader reader;
    private final ObjectMapper mapper;
    private final int maxSubscriptions;
    private final Map<Integer, McapChannel> channels = new LinkedHashMap<>();
    private final Map<Integer, Integer> subscriptions = new HashMap<>(); // subscription id -> channel id
    private final long start;
    private final long end;

    // guarded by this
    private McapMessageCursor cursor;
    private McapMessage pending;
    private boolean playing;
    private boolean closed;
    private double speed = 1;
    /** The log time reached: of the last message sent, or the time sought. */
    private long position;
    /** The wall time ({@link System#nanoTime()}) at which {@link #anchorTime} was (or is to be) played. */
    private long anchorWall;

    private long anchorTime;

    Playback(WebSocketSession session, Path file, ObjectMapper mapper, int maxSubscriptions) throws IOException {
        this.session = session;
        this.mapper = mapper;
        this.maxSubscriptions = maxSubscriptions;
        this.reader = McapReader.open(file);
        try {
            Map<Integer, McapSchema> schemas = reader.schemas();
            for (McapChannel c : reader.channels().values()) {
                McapSchema s = schemas.get(c.schemaId());
                if (s != null
                        && c.messageEncoding().equals(Channel.PROTOBUF)
                        && s.encoding().equals(Channel.PROTOBUF)) {
                    channels.put(c.id(), c); // the replay journal's JSON channels carry no schema: left out
                }
            }
            McapStatistics stats = reader.statistics();
            this.start = stats == null ? 0 : stats.messageStartTime();
            this.end = stats == null ? 0 : stats.messageEndTime();
            this.position = start;
            this.cursor = reader.messages(channels.keySet(), start);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** The server info, the channels and the parameters, as the client first sees them. */
    void hello(ServerMessages messages, String name, String sessionId) throws IOException {
        Map<String, String> about = new LinkedHashMap<>();
        about.put("recording", name);
        about.put("start_ns", Long.toUnsignedString(start));
        about.put("end_ns", Long.toUnsignedString(end));
        send(new TextMessage(messages.serverInfo(
                "orrery playback", List.of("time", "parameters"), List.of(Channel.PROTOBUF), about, sessionId)));
        ObjectNode advertise = mapper.createObjectNode().put("op", "advertise");
        ArrayNode list = advertise.putArray("channels");
        Map<Integer, McapSchema> schemas = reader.schemas();
        for (McapChannel c : channels.values()) {
            McapSchema s = schemas.get(c.schemaId());
            list.addObject()
                    .put("id", c.id())
                    .put("topic", c.topic())
                    .put("encoding", Channel.PROTOBUF)
                    .put("schemaName", s.name())
                    .put("schema", Base64.getEncoder().encodeToString(s.data()))
                    .put("schemaEncoding", Channel.PROTOBUF);
        }
        send(new TextMessage(mapper.writeValueAsString(advertise)));
        synchronized (this) {
            send(new BinaryMessage(Frames.time(position)));
        }
    }

    /** A request from the client, on the socket's thread. */
    void onText(String text) throws IOException {
        JsonNode request;
        try {
            request = mapper.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            status(ServerMessages.ERROR, "not a JSON request: " + e.getOriginalMessage());
            return;
        }
        String op = request.path("op").asText();
        switch (op) {
            case "subscribe" -> subscribe(request.path("subscriptions"));
            case "unsubscribe" -> {
                synchronized (this) {
                    request.path("subscriptionIds").forEach(id -> subscriptions.remove(id.asInt()));
                }
            }
            case "getParameters" -> {
                synchronized (this) {
                    parameters(request.path("id").asText(null));
                }
            }
            case "setParameters" ->
                setParameters(request.path("parameters"), request.path("id").asText(null));
            default ->
                status(
                        ServerMessages.ERROR,
                        "a playback takes subscribe, unsubscribe, getParameters and setParameters ("
                                + String.join(", ", PLAYING, SPEED, TIME) + "), not '" + op + "'");
        }
    }

    private void subscribe(JsonNode list) throws IOException {
        Set<Integer> scene = new HashSet<>();
        synchronized (this) {
            for (JsonNode s : list) {
                int channel = s.path("channelId").asInt(-1);
                if (!channels.containsKey(channel)) {
                    status(ServerMessages.ERROR, "no channel " + s.path("channelId") + " in this recording");
                } else if (subscriptions.size() >= maxSubscriptions) {
                    status(
                            ServerMessages.ERROR,
                            "at most " + maxSubscriptions + " subscriptions (orrery.foxglove" + ".max-subscriptions)");
                } else {
                    subscriptions.put(s.path("id").asInt(), channel);
                    if (channels.get(channel).topic().equals(SCENE)) {
                        scene.add(s.path("id").asInt());
                    }
                }
            }
            if (!scene.isEmpty() && position != start) {
                sendLastScene(scene);
            }
        }
    }

    private void setParameters(JsonNode list, String id) throws IOException {
        synchronized (this) {
            for (JsonNode p : list) {
                String name = p.path("name").asText();
                JsonNode value = p.path("value");
                switch (name) {
                    case PLAYING -> {
                        if (!value.isBoolean()) {
                            status(ServerMessages.ERROR, PLAYING + " takes true or false, got " + value);
                        } else {
                            play(value.asBoolean());
                        }
                    }
                    case SPEED -> {
                        if (!value.isNumber() || !(value.asDouble() >= MIN_SPEED && value.asDouble() <= MAX_SPEED)) {
                            status(
                                    ServerMessages.ERROR,
                                    SPEED + " must be a number from " + MIN_SPEED + " to " + MAX_SPEED + ", got "
                                            + value);
                        } else {
                            reanchor();
                            speed = value.asDouble();
                        }
                    }
                    case TIME -> {
                        double duration = seconds(end);
                        if (!value.isNumber() || !(value.asDouble() >= 0 && value.asDouble() <= duration)) {
                            status(
                                    ServerMessages.ERROR,
                                    TIME + " must be a number of seconds from 0 to " + duration
                                            + " (the recording's length), got " + value);
                        } else {
                            seek(start + Math.round(value.asDouble() * 1e9));
                        }
                    }
                    default ->
                        status(
                                ServerMessages.ERROR,
                                "a playback has no parameter '" + name + "'; it has "
                                        + String.join(", ", PLAYING, SPEED, TIME, DURATION) + " (read only)");
                }
            }
            parameters(id);
            notifyAll();
        }
    }

    private void play(boolean play) throws IOException {
        if (play && !playing && pending == null && position == end) {
            seek(start); // played to the end: from the start again
        }
        reanchor();
        playing = play;
    }

    private void seek(long time) throws IOException {
        cursor = reader.messages(channels.keySet(), time);
        pending = null;
        position = time;
        reanchor();
        send(new BinaryMessage(Frames.time(time)));
        Set<Integer> scene = new HashSet<>();
        subscriptions.forEach((sub, channel) -> {
            if (channels.get(channel).topic().equals(SCENE)) {
                scene.add(sub);
            }
        });
        if (!scene.isEmpty()) {
            sendLastScene(scene);
        }
    }

    /** Sends the last scene logged before {@link #position} to these subscriptions: a seek skips the one drawn. */
    private void sendLastScene(Set<Integer> to) throws IOException {
        Set<Integer> ids = new HashSet<>();
        channels.forEach((id, c) -> {
            if (c.topic().equals(SCENE)) {
                ids.add(id);
            }
        });
        McapMessageCursor scenes = reader.messages(ids);
        McapMessage last = null;
        for (McapMessage m = scenes.next();
                m != null && Long.compareUnsigned(m.logTime(), position) < 0;
                m = scenes.next()) {
            last = m;
        }
        if (last != null) {
            for (int sub : to) {
                send(new BinaryMessage(Frames.messageData(sub, last.logTime(), last.data())));
            }
        }
    }

    /** From now, time runs on from where it is at the speed set. */
    private void reanchor() {
        anchorWall = System.nanoTime();
        anchorTime = position;
    }

    private void parameters(String id) throws IOException {
        ObjectNode o = mapper.createObjectNode().put("op", "parameterValues");
        ArrayNode list = o.putArray("parameters");
        list.addObject().put("name", PLAYING).put("value", playing);
        list.addObject().put("name", SPEED).put("value", speed);
        list.addObject().put("name", TIME).put("value", seconds(position));
        list.addObject().put("name", DURATION).put("value", seconds(end));
        if (id != null) {
            o.put("id", id);
        }
        send(new TextMessage(mapper.writeValueAsString(o)));
    }

    private double seconds(long logTime) {
        return Long.compareUnsigned(logTime, start) <= 0 ? 0 : (logTime - start) / 1e9;
    }

    private void status(int level, String message) throws IOException {
        ObjectNode o = mapper.createObjectNode().put("op", "status");
        o.put("level", level).put("message", message);
        send(new TextMessage(mapper.writeValueAsString(o)));
    }

    /** The player: waits while paused, then sends each message when its time comes. */
    @Override
    public void run() {
        try {
            synchronized (this) {
                while (!closed) {
                    if (!playing) {
                        wait();
                        continue;
                    }
                    if (pending == null) {
                        pending = cursor.next();
                        if (pending == null) {
                            playing = false;
                            position = end;
                            status(
                                    ServerMessages.INFO,
                                    "the recording has ended; set " + PLAYING + " to play it from the start, or " + TIME
                                            + " to seek");
                            parameters(null);
                            continue;
                        }
                    }
                    long due = anchorWall + (long) ((pending.logTime() - anchorTime) / speed);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.timedWait(this, wait); // a change of state wakes it early
                        continue;
                    }
                    deliver(pending);
                    pending = null;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            close();
            try {
                session.close(CloseStatus.SERVER_ERROR.withReason("playback failed"));
            } catch (IOException suppressed) { // closing a failed session: nothing more to tell
            }
        }
    }

    private void deliver(McapMessage m) throws IOException {
        if (m.logTime() != position) {
            send(new BinaryMessage(Frames.time(m.logTime())));
        }
        position = m.logTime();
        List<Integer> to = new ArrayList<>();
        subscriptions.forEach((sub, channel) -> {
            if (channel == m.channelId()) {
                to.add(sub);
            }
        });
        for (int sub : to) {
            send(new BinaryMessage(Frames.messageData(sub, m.logTime(), m.data())));
        }
    }

    private void send(WebSocketMessage<?> message) throws IOException {
        if (!closed) {
            session.sendMessage(message);
        }
    }

    /** Stops the player and lets the file go; on the socket's thread when it closes. */
    void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            notifyAll();
        }
        try {
            reader.close();
        } catch (IOException e) { // the file was only read
        }
    }
}
