package io.orrery.world.mesh;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Mesh files made to hurt the native mesh library (issue 33 item 2): each one killed the JVM with SIGSEGV inside
 * Assimp before Orrery bounded what it hands it. Small files, each with one real triangle.
 */
final class HostileMeshes {

    private HostileMeshes() {}

    /** One triangle's geometry, for COLLADA. */
    private static final String COLLADA_HEAD = """
            <?xml version="1.0" encoding="utf-8"?>
            <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
            <library_geometries><geometry id="g"><mesh><source id="p">
            <float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array><technique_common>
            <accessor source="#pa" count="3" stride="3"><param name="X" type="float"/><param name="Y" type="float"/>
            <param name="Z" type="float"/></accessor></technique_common></source>
            <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
            <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
            </mesh></geometry></library_geometries>
            """;

    private static final String COLLADA_TAIL = "<scene><instance_visual_scene url=\"#s\"/></scene></COLLADA>\n";

    /** A COLLADA file whose triangle sits in {@code depth} nested {@code <node>}s (1,000 make 14 KB). */
    static Path nestedColladaNodes(Path file, int depth) {
        String scene = "<library_visual_scenes><visual_scene id=\"s\">" + "<node>".repeat(depth)
                + "<instance_geometry url=\"#g\"/>" + "</node>".repeat(depth)
                + "</visual_scene></library_visual_scenes>";
        return TestMeshes.write(file, (COLLADA_HEAD + scene + COLLADA_TAIL).getBytes(StandardCharsets.UTF_8));
    }

    /** A COLLADA file whose nodes instance each other in a cycle. */
    static Path colladaInstanceCycle(Path file) {
        String body = """
                <library_nodes><node id="a"><instance_node url="#b"/></node><node id="b"><instance_node url="#a"/>
                </node></library_nodes><library_visual_scenes><visual_scene id="s"><node>
                <instance_geometry url="#g"/><instance_node url="#a"/></node></visual_scene></library_visual_scenes>
                """;
        return TestMeshes.write(file, (COLLADA_HEAD + body + COLLADA_TAIL).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A COLLADA file of {@code levels} library nodes, each instancing the next twice: 2^levels nodes once expanded,
     * from a file of a few kilobytes.
     */
    static Path colladaInstanceFanOut(Path file, int levels) {
        StringBuilder nodes = new StringBuilder("<library_nodes>");
        for (int i = 0; i < levels; i++) {
            nodes.append("<node id=\"n")
                    .append(i)
                    .append("\"><instance_node url=\"#n")
                    .append(i + 1)
                    .append("\"/><instance_node url=\"#n")
                    .append(i + 1)
                    .append("\"/></node>");
        }
        nodes.append("<node id=\"n").append(levels).append("\"><instance_geometry url=\"#g\"/></node>");
        nodes.append("</library_nodes><library_visual_scenes><visual_scene id=\"s\"><node><instance_node url=\"#n0\"/>"
                + "</node></visual_scene></library_visual_scenes>");
        return TestMeshes.write(file, (COLLADA_HEAD + nodes + COLLADA_TAIL).getBytes(StandardCharsets.UTF_8));
    }

    /** A COLLADA file declaring {@code count} triangles for its one. */
    static Path colladaHugeCount(Path file, long count) {
        String xml = COLLADA_HEAD.replace("<triangles count=\"1\">", "<triangles count=\"" + count + "\">")
                + "<library_visual_scenes><visual_scene id=\"s\"><node><instance_geometry url=\"#g\"/></node>"
                + "</visual_scene></library_visual_scenes>" + COLLADA_TAIL;
        return TestMeshes.write(file, xml.getBytes(StandardCharsets.UTF_8));
    }

    /** The JSON of a glTF file: one triangle, {@code nodes} as given, {@code extras} added at the top level. */
    static String gltfJson(String nodes, String extras) {
        return """
                {"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":%s,
                 "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
                 "buffers":[{"uri":"data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAABAAIAAAA=",
                   "byteLength":44}],
                 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":6}],
                 "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
                   {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}]%s}
                """.formatted(nodes, extras);
    }

    /** A glTF file whose JSON nests {@code depth} arrays deep in an {@code extras} (30,000 make 60 KB). */
    static Path deepGltfJson(Path file, int depth) {
        String extras = ",\"extras\":" + "[".repeat(depth) + "]".repeat(depth);
        return TestMeshes.write(file, gltfJson("[{\"mesh\":0}]", extras).getBytes(StandardCharsets.UTF_8));
    }

    /** A glTF file whose nodes form a chain {@code length} long, each the only child of the one before. */
    static Path gltfNodeChain(Path file, int length) {
        StringBuilder nodes = new StringBuilder("[");
        for (int i = 0; i < length; i++) {
            nodes.append("{\"children\":[").append(i + 1).append("]},");
        }
        nodes.append("{\"mesh\":0}]");
        return TestMeshes.write(file, gltfJson(nodes.toString(), "").getBytes(StandardCharsets.UTF_8));
    }

    /** A glTF file whose two nodes are each other's child. */
    static Path gltfNodeCycle(Path file) {
        return TestMeshes.write(
                file,
                gltfJson("[{\"mesh\":0,\"children\":[1]},{\"children\":[0]}]", "")
                        .getBytes(StandardCharsets.UTF_8));
    }

    /** A GLB container whose JSON chunk nests {@code depth} arrays deep. */
    static Path deepGlbJson(Path file, int depth) {
        byte[] json = gltfJson("[{\"mesh\":0}]", ",\"extras\":" + "[".repeat(depth) + "]".repeat(depth))
                .getBytes(StandardCharsets.UTF_8);
        int jsonLength = (json.length + 3) / 4 * 4;
        ByteBuffer b = ByteBuffer.allocate(12 + 8 + jsonLength).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46546C67).putInt(2).putInt(b.capacity());
        b.putInt(jsonLength).putInt(0x4E4F534A).put(json);
        while (b.hasRemaining()) {
            b.put((byte) ' ');
        }
        return TestMeshes.write(file, b.array());
    }
}
