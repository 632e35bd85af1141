package io.orrery.world.mesh;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A glTF 2.0 file's JSON (a {@code .gltf}, or a {@code .glb}'s JSON chunk) read as a stream of tokens before Assimp
 * reads it, twice: first only how deep it nests, then the parts that matter to the bounds: the version, the node
 * hierarchy ({@link NodeGraph}), every accessor's {@code count} and buffer's {@code byteLength}, and the files its
 * buffers and images name (the mesh library opens the buffers; the images a renderer would). A {@code data:} URI is
 * never read into memory: only its first bytes are looked at.
 */
final class GltfScan {

    private static final JsonFactory JSON = JsonFactory.builder()
            // Orrery's own bound comes first; this one only keeps Jackson from refusing first
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MeshPreScan.MAX_JSON_DEPTH + 1)
                    .build())
            .build();

    private static final int GLB_MAGIC = 0x46546C67; // "glTF"
    private static final int GLB_JSON = 0x4E4F534A; // "JSON"

    private final Path file;
    private final long start;
    private final long length;
    private final long maxCount;
    private final long maxBytes;
    private final List<String> references = new ArrayList<>();

    private GltfScan(Path file, long start, long length, long maxCount, long maxBytes) {
        this.file = file;
        this.start = start;
        this.length = length;
        this.maxCount = maxCount;
        this.maxBytes = maxBytes;
    }

    /** A {@code .gltf}: the files its buffers and images name, as written. */
    static List<String> gltf(Path file, long maxCount, long maxBytes) throws IOException {
        return new GltfScan(file, 0, Files.size(file), maxCount, maxBytes).scan();
    }

    /** A {@code .glb}: its header checked, then its JSON chunk scanned; the files its buffers and images name, as written. */
    static List<String> glb(Path file, long maxCount, long maxBytes) throws IOException {
        long size = Files.size(file);
        ByteBuffer header = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file)) {
            while (header.hasRemaining() && channel.read(header) >= 0) {
                // reads the 12-byte header and the first chunk's 8
            }
        }
        header.flip();
        if (header.remaining() < 20 || header.getInt(0) != GLB_MAGIC) {
            throw new MeshException("not a GLB file: it does not start with a glTF binary header");
        }
        if (header.getInt(4) != 2) {
            throw new MeshException("a GLB of version " + header.getInt(4) + ": Orrery reads glTF 2.0");
        }
        long jsonLength = Integer.toUnsignedLong(header.getInt(12));
        if (header.getInt(16) != GLB_JSON || jsonLength > size - 20) {
            throw new MeshException("its first GLB chunk is not JSON that fits in the file");
        }
        return new GltfScan(file, 20, jsonLength, maxCount, maxBytes).scan();
    }

    private List<String> scan() throws IOException {
        checkDepth();
        NodeGraph graph = new NodeGraph("glTF");
        List<Integer> parents = new ArrayList<>();
        List<Integer> children = new ArrayList<>();
        String version = null;
        try (JsonParser p = parser()) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new MeshException("its glTF JSON is not an object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                switch (key) {
                    case "asset" -> version = version(p);
                    case "nodes" ->
                        eachObject(p, node -> graph.add(), (node, field) -> {
                            if (field.equals("children") && p.currentToken() == JsonToken.START_ARRAY) {
                                while (p.nextToken() != JsonToken.END_ARRAY) {
                                    boolean index = p.currentToken() == JsonToken.VALUE_NUMBER_INT
                                            && p.getNumberType() == JsonParser.NumberType.INT;
                                    // beyond MAX_NODES links NodeGraph refuses anyway; another value is left to Assimp
                                    if (index && parents.size() <= MeshPreScan.MAX_NODES) {
                                        parents.add(node);
                                        children.add(p.getIntValue());
                                    }
                                    p.skipChildren();
                                }
                            }
                            p.skipChildren();
                        });
                    case "accessors" ->
                        eachObject(p, i -> {}, (i, field) -> {
                            if (field.equals("count")) {
                                bound(
                                        p,
                                        "accessor " + i + " count",
                                        maxCount,
                                        MeshPreScan.COUNT_PER_TRIANGLE + " times orrery.mesh.max-triangles");
                            }
                            p.skipChildren();
                        });
                    case "buffers" ->
                        eachObject(p, i -> {}, (i, field) -> {
                            if (field.equals("byteLength")) {
                                bound(p, "buffer " + i + " byteLength", maxBytes, "orrery.mesh.max-bytes");
                            } else if (field.equals("uri")) {
                                uri(p);
                            }
                            p.skipChildren();
                        });
                    case "images" ->
                        eachObject(p, i -> {}, (i, field) -> {
                            if (field.equals("uri")) {
                                uri(p);
                            }
                            p.skipChildren();
                        });
                    default -> p.skipChildren();
                }
            }
        }
        if (version == null || !version.startsWith("2.")) {
            throw new MeshException("a glTF of version " + version + ": Orrery reads glTF 2.0");
        }
        for (int i = 0; i < parents.size(); i++) {
            graph.link(parents.get(i), children.get(i));
        }
        graph.check("are each other's children in a cycle, which the mesh library would follow for ever");
        return List.copyOf(references);
    }

    /** What to do with one field of one object of an array. */
    private interface FieldReader {
        void read(int index, String field) throws IOException;
    }

    /**
     * For each object of the array the parser is at: {@code onObject}, then {@code onField} for each field with the
     * parser at its value (which it must leave at the value's end).
     */
    private static void eachObject(JsonParser p, java.util.function.IntConsumer onObject, FieldReader onField)
            throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        int index = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() == JsonToken.START_OBJECT) {
                onObject.accept(index);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    onField.read(index, field);
                }
            } else {
                p.skipChildren();
            }
            index++;
        }
    }

    private static String version(JsonParser p) throws IOException {
        String version = null;
        if (p.currentToken() == JsonToken.START_OBJECT) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                if (field.equals("version") && p.currentToken() == JsonToken.VALUE_STRING) {
                    version = p.getText();
                }
                p.skipChildren();
            }
        } else {
            p.skipChildren();
        }
        return version;
    }

    private static void bound(JsonParser p, String what, long max, String why) throws IOException {
        if (p.currentToken().isNumeric() && p.getNumberValue().doubleValue() > max) {
            throw new MeshException("glTF " + what + " is " + p.getText() + ", more than " + max + " (" + why
                    + "), the most Orrery reads");
        }
    }

    /** A buffer's or image's URI: a file it names is kept; a {@code data:} URI is skipped unread. */
    private void uri(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            return;
        }
        if (startsWithData(p.currentTokenLocation().getByteOffset())) {
            return; // left unread: the parser skips it
        }
        references.add(p.getText());
    }

    private boolean startsWithData(long tokenOffset) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(6);
        try (FileChannel channel = FileChannel.open(file)) {
            channel.read(head, start + tokenOffset);
        }
        return new String(head.array(), 0, head.position(), StandardCharsets.US_ASCII).startsWith("\"data:");
    }

    /** The first pass: depth only, every value skipped unread. */
    private void checkDepth() throws IOException {
        try (JsonParser p = parser()) {
            int depth = 0;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    if (++depth > MeshPreScan.MAX_JSON_DEPTH) {
                        throw new MeshException("its glTF JSON nests more than " + MeshPreScan.MAX_JSON_DEPTH
                                + " deep at line " + p.currentLocation().getLineNr()
                                + ", the most Orrery reads (the mesh library reads it on a fixed stack)");
                    }
                } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    depth--;
                }
            }
        }
    }

    private JsonParser parser() throws IOException {
        InputStream in = Files.newInputStream(file);
        try {
            in.skipNBytes(start);
        } catch (IOException e) {
            in.close();
            throw e;
        }
        return JSON.createParser(new BufferedInputStream(new BoundedInputStream(in, length)));
    }

    /** At most {@code limit} bytes of a stream: a GLB's JSON chunk. */
    private static final class BoundedInputStream extends java.io.FilterInputStream {

        private long left;

        BoundedInputStream(InputStream in, long limit) {
            super(in);
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = super.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }
}
