package io.orrery.transport.foxglove;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** The JSON frames the server sends, as Foxglove's WebSocket protocol spells them. */
final class ServerMessages {

    /** Status levels. */
    static final int INFO = 0;

    static final int WARNING = 1;
    static final int ERROR = 2;

    private final ObjectMapper mapper;

    ServerMessages(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    String serverInfo(
            String name,
            List<String> capabilities,
            List<String> encodings,
            Map<String, String> metadata,
            String sessionId) {
        ObjectNode o = op("serverInfo");
        o.put("name", name);
        capabilities.forEach(o.putArray("capabilities")::add);
        encodings.forEach(o.putArray("supportedEncodings")::add);
        ObjectNode meta = o.putObject("metadata");
        metadata.forEach(meta::put);
        o.put("sessionId", sessionId);
        return write(o);
    }

    String advertise(Collection<Channel> channels) {
        ObjectNode o = op("advertise");
        ArrayNode list = o.putArray("channels");
        for (Channel c : channels) {
            list.addObject()
                    .put("id", c.id())
                    .put("topic", c.topic())
                    .put("encoding", Channel.PROTOBUF)
                    .put("schemaName", c.schemaName())
                    .put("schema", c.schema())
                    .put("schemaEncoding", Channel.PROTOBUF);
        }
        return write(o);
    }

    String unadvertise(Collection<Integer> ids) {
        ObjectNode o = op("unadvertise");
        ids.forEach(o.putArray("channelIds")::add);
        return write(o);
    }

    String status(int level, String message) {
        return write(op("status").put("level", level).put("message", message));
    }

    String advertiseServices(Collection<ServiceTable.Service> services) {
        ObjectNode o = op("advertiseServices");
        ArrayNode list = o.putArray("services");
        for (ServiceTable.Service s : services) {
            ObjectNode n =
                    list.addObject().put("id", s.id()).put("name", s.name()).put("type", s.type());
            n.putObject("request")
                    .put("encoding", ServiceTable.JSON)
                    .put("schemaName", s.type() + "_Request")
                    .put("schemaEncoding", "jsonschema")
                    .put("schema", s.requestSchema());
            n.putObject("response")
                    .put("encoding", ServiceTable.JSON)
                    .put("schemaName", s.type() + "_Response")
                    .put("schemaEncoding", "jsonschema")
                    .put("schema", ServiceTable.RESPONSE_SCHEMA);
        }
        return write(o);
    }

    String serviceCallFailure(long service, long call, String message) {
        return write(op("serviceCallFailure")
                .put("serviceId", service)
                .put("callId", call)
                .put("message", message));
    }

    /** The parameters' values; {@code id} answers a request that named one. */
    String parameterValues(Map<String, Double> values, String id) {
        ObjectNode o = op("parameterValues");
        ArrayNode list = o.putArray("parameters");
        values.forEach((name, value) ->
                list.addObject().put("name", name).put("value", value).put("type", "float64"));
        if (id != null) {
            o.put("id", id);
        }
        return write(o);
    }

    private ObjectNode op(String op) {
        return mapper.createObjectNode().put("op", op);
    }

    String write(ObjectNode o) {
        try {
            return mapper.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that cannot be written: " + e.getMessage(), e);
        }
    }
}
