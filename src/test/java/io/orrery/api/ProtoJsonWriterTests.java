package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.gz.msgs.HeaderProtos;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * ProtoJsonWriter writes what protobuf's printer prints (MessageJson's settings): for every message type of gz-msgs,
 * empty and filled at random (every kind of field, set or not, special floats, negative unsigned and 64-bit values),
 * the two give the same JSON, token for token: the same keys in the same order and the same numbers as text.
 */
class ProtoJsonWriterTests {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void writesWhatProtobufsPrinterPrintsForEveryGzMessage() throws Exception {
        List<Descriptor> types = gzMessageTypes();
        assertThat(types.stream().map(Descriptor::getFullName))
                .as("gz-msgs' message types, those the bus carries among them")
                .contains(
                        "gz.msgs.Odometry",
                        "gz.msgs.Twist",
                        "gz.msgs.Clock",
                        "gz.msgs.Pose_V",
                        "gz.msgs.LaserScan",
                        "gz.msgs.IMU",
                        "gz.msgs.Model",
                        "gz.msgs.WorldStatistics");
        Random random = new Random(26);
        int compared = 0;
        for (Descriptor type : types) {
            assertSame(DynamicMessage.getDefaultInstance(type));
            for (int i = 0; i < 5; i++) {
                assertSame(fill(type, random, 0));
                compared++;
            }
        }
        assertThat(compared).isEqualTo(5 * types.size());
    }

    private static void assertSame(Message message) throws IOException {
        String printed = MessageJson.print(message);
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = new JsonFactory().createGenerator(out)) {
            ProtoJsonWriter.write(message, gen);
        }
        String written = out.toString();
        assertThat(tokens(written))
                .as(message.getDescriptorForType().getFullName() + ": " + printed)
                .isEqualTo(tokens(printed));
    }

    /** The JSON's tokens as text, keys in their order: numbers as written, strings unescaped. */
    private static List<String> tokens(String json) throws IOException {
        List<String> tokens = new ArrayList<>();
        try (var parser = JSON.getFactory().createParser(json)) {
            while (parser.nextToken() != null) {
                tokens.add(parser.currentToken() + ":" + parser.getText());
            }
        }
        JsonNode tree = JSON.readTree(json); // and it is one JSON value
        assertThat(tree).isNotNull();
        return tokens;
    }

    /** A message of {@code type} with each field set at random, or left unset, or (repeated) 0 to 2 values. */
    private static Message fill(Descriptor type, Random random, int depth) {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        for (FieldDescriptor f : type.getFields()) {
            if (random.nextInt(4) == 0 || (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && depth >= 3)) {
                continue;
            }
            if (f.isRepeated()) {
                int n = random.nextInt(3);
                for (int i = 0; i < n; i++) {
                    b.addRepeatedField(f, value(f, random, depth));
                }
            } else {
                b.setField(f, value(f, random, depth));
            }
        }
        return b.build();
    }

    private static Object value(FieldDescriptor f, Random random, int depth) {
        return switch (f.getJavaType()) {
            case INT -> random.nextBoolean() ? random.nextInt() : random.nextInt(10);
            case LONG -> random.nextBoolean() ? random.nextLong() : (long) random.nextInt(10);
            case FLOAT -> (float) special(random);
            case DOUBLE -> special(random);
            case BOOLEAN -> random.nextBoolean();
            case STRING -> random.nextBoolean() ? "name_" + random.nextInt(100) : "<a & \"b\" \\ é\n\u0001>";
            case BYTE_STRING -> ByteString.copyFrom(new byte[] {(byte) random.nextInt(), 0, (byte) 0xff});
            case ENUM ->
                f.getEnumType()
                        .getValues()
                        .get(random.nextInt(f.getEnumType().getValues().size()));
            case MESSAGE -> fill(f.getMessageType(), random, depth + 1);
        };
    }

    private static double special(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> Double.NaN;
            case 1 -> Double.POSITIVE_INFINITY;
            case 2 -> Double.NEGATIVE_INFINITY;
            case 3 -> 0.0;
            case 4 -> -0.0;
            case 5 -> 1e-12 * random.nextDouble();
            default -> (random.nextDouble() - 0.5) * 1e6;
        };
    }

    private static void addWithNested(List<Descriptor> declared, List<Descriptor> into) {
        for (Descriptor d : declared) {
            if (!d.getOptions().getMapEntry()) {
                into.add(d);
            }
            addWithNested(d.getNestedTypes(), into);
        }
    }

    /** Every message type declared in gz-msgs' generated files (target/classes/com/gz/msgs/*Protos.class). */
    private static List<Descriptor> gzMessageTypes()
            throws IOException, URISyntaxException, ReflectiveOperationException {
        Path classes = Path.of(HeaderProtos.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<Descriptor> types = new ArrayList<>();
        try (Stream<Path> files = Files.list(classes.resolve("com/gz/msgs"))) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (!name.endsWith(".class") || name.contains("$")) {
                    continue;
                }
                Class<?> outer = Class.forName("com.gz.msgs." + name.substring(0, name.length() - ".class".length()));
                FileDescriptor fd =
                        (FileDescriptor) outer.getMethod("getDescriptor").invoke(null);
                addWithNested(fd.getMessageTypes(), types);
            }
        }
        return types;
    }
}
