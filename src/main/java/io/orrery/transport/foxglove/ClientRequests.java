package io.orrery.transport.foxglove;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.FiniteNumbers;
import io.orrery.topic.msgs.MessageTypes;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * What a client asks, read and carried out: subscriptions, advertised channels and their messages, service calls,
 * parameters. Anything wrong in a request is answered with a status message (error) naming it, and the connection
 * stays open; publishing, services and setting parameters need the token, as every change over HTTP does.
 */
final class ClientRequests {

    /** The parameter holding the target real-time factor. */
    static final String REAL_TIME_FACTOR = "real_time_factor";

    /**
     * Why a change is refused to a client without the token, and what it may do: the connection's state, as a refused
     * command names the state and what is allowed.
     */
    static final String NEEDS_TOKEN = "needs the token (orrery.api.token): this connection was opened without it, so"
            + " it may subscribe, unsubscribe and get parameters; connect with ?access_token=<token> to publish, call"
            + " services and set parameters";

    private static final Set<String> PUBLISH_ENCODINGS = Set.of(Channel.PROTOBUF, ServiceTable.JSON);
    private static final JsonFormat.Parser JSON = JsonFormat.parser();

    private final WorldPort world;
    private final FoxgloveProperties properties;
    private final ObjectMapper mapper;
    private final ServerMessages messages;
    private final ChannelTable table;
    private final ServiceTable services;

    ClientRequests(
            WorldPort world,
            FoxgloveProperties properties,
            ObjectMapper mapper,
            ServerMessages messages,
            ChannelTable table,
            ServiceTable services) {
        this.world = world;
        this.properties = properties;
        this.mapper = mapper;
        this.messages = messages;
        this.table = table;
        this.services = services;
    }

    void onText(Connection c, String text) {
        try {
            JsonNode request = mapper.readTree(text);
            if (request == null || !request.isObject() || !request.path("op").isTextual()) {
                throw new IllegalArgumentException("a JSON frame must be an object with a string \"op\"");
            }
            String op = request.get("op").asText();
            switch (op) {
                case "subscribe" ->
                    each(
                            c,
                            request,
                            "subscriptions",
                            s -> table.subscribe(
                                    c, intField(s, "id"), intField(s, "channelId"), properties.maxSubscriptions()));
                case "unsubscribe" -> each(c, request, "subscriptionIds", s -> table.unsubscribe(c, asInt(s)));
                case "advertise" -> each(c, request, "channels", ch -> advertise(c, ch));
                case "unadvertise" -> each(c, request, "channelIds", id -> c.advertised.remove(id.asLong()));
                case "getParameters" -> c.sendText(messages.parameterValues(parameters(), id(request)));
                case "setParameters" -> setParameters(c, request);
                default ->
                    throw new IllegalArgumentException("unsupported op '" + op + "'; this server takes"
                            + " subscribe, unsubscribe, advertise, unadvertise, getParameters and setParameters");
            }
        } catch (JsonProcessingException e) {
            error(c, "not JSON: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            error(c, e.getMessage());
        }
    }

    void onBinary(Connection c, ByteBuffer frame) {
        if (!frame.hasRemaining()) {
            error(c, "an empty binary frame");
            return;
        }
        try {
            byte opcode = frame.get(frame.position());
            if (opcode == Frames.CLIENT_MESSAGE_DATA) {
                publish(c, Frames.clientMessage(frame));
            } else if (opcode == Frames.SERVICE_CALL_REQUEST) {
                call(c, Frames.serviceCall(frame));
            } else {
                error(
                        c,
                        "unknown binary opcode " + opcode + "; this server takes 1 (message data) and 2 (service"
                                + " call)");
            }
        } catch (IllegalArgumentException e) {
            error(c, e.getMessage());
        }
    }

    // ---------------------------------------------------------------- publishing

    private void advertise(Connection c, JsonNode ch) {
        requireControl(c, "publishing");
        long id = ch.path("id").asLong(-1);
        String topic = ch.path("topic").asText("");
        String encoding = ch.path("encoding").asText("");
        String schemaName = ch.path("schemaName").asText("");
        if (id < 0 || id > 0xFFFF_FFFFL || topic.isEmpty()) {
            throw new IllegalArgumentException("a channel needs an \"id\" (uint32) and a \"topic\"");
        }
        if (!PUBLISH_ENCODINGS.contains(encoding)) {
            throw new IllegalArgumentException("channel " + id + " (" + topic + "): encoding '" + encoding
                    + "' is not one of " + PUBLISH_ENCODINGS);
        }
        if (!c.advertised.containsKey(id) && c.advertised.size() >= properties.maxClientChannels()) {
            throw new IllegalArgumentException("at most " + properties.maxClientChannels()
                    + " channels a client (orrery.foxglove.max-client-channels)");
        }
        TopicBus bus = world.bus().orElseThrow(() -> new IllegalArgumentException("no world is loaded yet"));
        Class<? extends Message> type;
        try {
            type = bus.requireSubscribed(topic);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("channel " + id + ": " + e.getMessage());
        }
        String typeName = MessageTypes.nameOf(type);
        if (encoding.equals(Channel.PROTOBUF) && !schemaName.equals(typeName)) {
            throw new IllegalArgumentException("channel " + id + " (" + topic + ") carries " + typeName
                    + "; a protobuf channel must name it as its schemaName, got '" + schemaName + "'");
        }
        c.advertised.put(id, new Connection.ClientChannel(topic, encoding, type));
    }

    private void publish(Connection c, Frames.ClientMessage m) {
        Connection.ClientChannel ch = c.advertised.get(m.channel());
        if (ch == null) {
            error(c, "a message on channel " + m.channel() + ", which this client has not advertised");
            return;
        }
        if (!c.mayControl()) {
            error(c, "publishing " + NEEDS_TOKEN);
            return;
        }
        Message message;
        try {
            message = decode(ch, m.payload());
        } catch (IllegalArgumentException e) {
            error(c, "channel " + m.channel() + " (" + ch.topic() + "): " + e.getMessage());
            return;
        }
        world.publish(ch.topic(), message).whenComplete((ok, e) -> {
            if (e != null) {
                error(c, "a message on " + ch.topic() + " was refused: " + rootMessage(e));
            }
        });
    }

    private static Message decode(Connection.ClientChannel ch, byte[] payload) {
        Message m;
        try {
            if (ch.encoding().equals(Channel.PROTOBUF)) {
                m = MessageTypes.defaultInstance(ch.type()).getParserForType().parseFrom(payload);
            } else {
                Message.Builder b = MessageTypes.defaultInstance(ch.type()).newBuilderForType();
                JSON.merge(new String(payload, StandardCharsets.UTF_8), b);
                m = b.build();
            }
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException(
                    "not a " + MessageTypes.nameOf(ch.type()) + " in " + ch.encoding() + ": " + e.getMessage());
        }
        FiniteNumbers.require(m, m.getDescriptorForType().getName());
        return m;
    }

    // ---------------------------------------------------------------- services and parameters

    private void call(Connection c, Frames.ServiceCall call) {
        ServiceTable.Service s = services.byId(call.service()).orElse(null);
        if (s == null) {
            c.sendText(messages.serviceCallFailure(call.service(), call.call(), "no service " + call.service()));
            return;
        }
        if (!c.mayControl()) {
            c.sendText(messages.serviceCallFailure(call.service(), call.call(), s.name() + " " + NEEDS_TOKEN));
            return;
        }
        CompletableFuture<?> done;
        try {
            if (!call.encoding().equals(ServiceTable.JSON)) {
                throw new IllegalArgumentException(
                        "requests are JSON (encoding \"json\"), got '" + call.encoding() + "'");
            }
            String body = new String(call.payload(), StandardCharsets.UTF_8);
            JsonNode request = body.isBlank() ? mapper.createObjectNode() : mapper.readTree(body);
            if (!request.isObject()) {
                throw new IllegalArgumentException("a request must be a JSON object, got " + request.getNodeType());
            }
            done = s.call().apply(request);
        } catch (JsonProcessingException e) {
            done = CompletableFuture.failedFuture(
                    new IllegalArgumentException("the request is not JSON: " + e.getOriginalMessage()));
        } catch (RuntimeException e) {
            done = CompletableFuture.failedFuture(e);
        }
        done.whenComplete((result, e) -> {
            if (e != null) {
                c.sendText(messages.serviceCallFailure(call.service(), call.call(), rootMessage(e)));
            } else {
                String answer = messages.write(
                        mapper.createObjectNode().put("success", true).put("message", s.name() + " done"));
                c.sendBinary(Frames.serviceCallResponse(
                        s.id(), (int) call.call(), ServiceTable.JSON, answer.getBytes(StandardCharsets.UTF_8)));
            }
        });
    }

    private Map<String, Double> parameters() {
        Map<String, Double> values = new LinkedHashMap<>();
        values.put(REAL_TIME_FACTOR, world.realTimeFactor());
        return values;
    }

    private void setParameters(Connection c, JsonNode request) {
        requireControl(c, "setting parameters");
        String id = id(request);
        JsonNode list = request.path("parameters");
        if (!list.isArray() || list.size() > 16) {
            throw new IllegalArgumentException("setParameters needs \"parameters\": an array of at most 16");
        }
        CompletableFuture<?> done = CompletableFuture.completedFuture(null);
        for (JsonNode p : list) {
            String name = p.path("name").asText("");
            if (!name.equals(REAL_TIME_FACTOR)) {
                throw new IllegalArgumentException("no parameter '" + name + "'; there is " + REAL_TIME_FACTOR);
            }
            JsonNode v = p.get("value");
            if (v == null || !v.isNumber()) {
                throw new IllegalArgumentException(REAL_TIME_FACTOR + " takes a number, got " + v);
            }
            double factor = v.asDouble();
            done = done.thenCompose(x -> world.setRealTimeFactor(factor));
        }
        done.whenComplete((ok, e) -> {
            if (e != null) {
                error(c, "setParameters: " + rootMessage(e));
            }
            c.sendText(messages.parameterValues(parameters(), id));
        });
    }

    // ---------------------------------------------------------------- helpers

    private static void requireControl(Connection c, String what) {
        if (!c.mayControl()) {
            throw new IllegalArgumentException(what + " " + NEEDS_TOKEN);
        }
    }

    private void error(Connection c, String message) {
        c.sendText(messages.status(ServerMessages.ERROR, message));
    }

    private static String id(JsonNode request) {
        JsonNode id = request.get("id");
        return id == null || !id.isTextual() ? null : id.asText();
    }

    /** Carries out {@code action} on each entry of the array {@code field}; a bad entry is answered, the rest go on. */
    private void each(Connection c, JsonNode request, String field, java.util.function.Consumer<JsonNode> action) {
        JsonNode list = request.get(field);
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException(
                    "\"" + request.get("op").asText() + "\" needs an array \"" + field + "\"");
        }
        if (list.size() > properties.maxSubscriptions()) {
            throw new IllegalArgumentException(
                    "\"" + field + "\" holds " + list.size() + " entries; at most " + properties.maxSubscriptions());
        }
        for (JsonNode n : list) {
            try {
                action.accept(n);
            } catch (IllegalArgumentException e) {
                error(c, request.get("op").asText() + ": " + e.getMessage());
            }
        }
    }

    private static int intField(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null) {
            throw new IllegalArgumentException("an entry needs \"" + field + "\"");
        }
        return asInt(v);
    }

    private static int asInt(JsonNode v) {
        if (!v.canConvertToExactIntegral() || v.asLong() < 0 || v.asLong() > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("an id must be a uint32, got " + v);
        }
        return (int) v.asLong();
    }

    static String rootMessage(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        return c.getMessage();
    }
}
