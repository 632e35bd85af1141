package io.orrery.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;

/**
 * Topic messages as JSON: protobuf's JSON mapping ({@link JsonFormat}), as {@code gz topic --json-output} prints
 * them (lowerCamelCase names, 64-bit integers as strings, enums by name, {@code "Infinity"} and {@code "NaN"} as
 * strings), with one difference: fields at their default value are printed, not left out. Gazebo's JSON omits a
 * zero, an empty string or list, a false and an enum's first value; a client reading plain JSON (the dashboard, a
 * script's {@code msg["pose"]["position"]["z"]}) would find a key missing whenever a value is zero. Printed, they
 * are the same message to every protobuf JSON parser, Gazebo's included. A sub-message that was never set is still
 * left out, as in Gazebo. The HTTP API, the event stream and the control socket all write messages this way.
 */
final class MessageJson {

    private static final JsonFormat.Printer PRINTER =
            JsonFormat.printer().alwaysPrintFieldsWithNoPresence().omittingInsignificantWhitespace();

    private MessageJson() {}

    /** The message as JSON. */
    static String print(Message message) {
        try {
            return PRINTER.print(message);
        } catch (InvalidProtocolBufferException e) {
            // only an Any of a type not registered can fail, and the bus's messages hold none
            throw new IllegalStateException(
                    "cannot print " + message.getDescriptorForType().getFullName(), e);
        }
    }

    /** Jackson's module that writes every protobuf message as {@link #print} prints it ({@link ProtoJsonWriter}). */
    static Module module() {
        return new SimpleModule("protobuf-json").addSerializer(Message.class, new MessageSerializer());
    }

    private static final class MessageSerializer extends StdSerializer<Message> {

        private static final long serialVersionUID = 1L;

        MessageSerializer() {
            super(Message.class);
        }

        @Override
        public void serialize(Message value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            ProtoJsonWriter.write(value, gen);
        }
    }
}
