package io.orrery.transport.scene;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A protobuf message type as Foxglove reads its schema: a {@code FileDescriptorSet} holding the type's file and every
 * file it imports, dependencies first (Foxglove's {@code schemaEncoding: "protobuf"}), base64-encoded over the WebSocket
 * and as bytes in an MCAP file. Built once per type.
 */
public final class Schemas {

    private static final Map<Descriptor, byte[]> CACHE = new ConcurrentHashMap<>();

    private Schemas() {}

    /** The base64 {@code FileDescriptorSet} of {@code type}, as the WebSocket protocol carries it. */
    public static String of(Descriptor type) {
        return Base64.getEncoder().encodeToString(bytes(type));
    }

    /** The binary {@code FileDescriptorSet} of {@code type}, as an MCAP Schema record holds it; do not modify. */
    public static byte[] bytes(Descriptor type) {
        return CACHE.computeIfAbsent(type, Schemas::build);
    }

    private static byte[] build(Descriptor type) {
        Set<FileDescriptor> files = new LinkedHashSet<>();
        collect(type.getFile(), files);
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        files.forEach(f -> set.addFile(f.toProto()));
        return set.build().toByteArray();
    }

    /** Adds {@code file} after the files it imports, each once. */
    private static void collect(FileDescriptor file, Set<FileDescriptor> into) {
        if (into.contains(file)) {
            return;
        }
        for (FileDescriptor d : file.getDependencies()) {
            collect(d, into);
        }
        into.add(file);
    }
}
