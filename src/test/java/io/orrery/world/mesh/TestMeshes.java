package io.orrery.world.mesh;

import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.function.IntBinaryOperator;
import javax.imageio.ImageIO;

/**
 * Small mesh and heightmap files made for tests, each format written out by hand so its triangle count and bounds
 * are known: an axis-aligned box (8 vertices, 12 triangles) in STL (ASCII and binary), OBJ (as quads, triangulated
 * on reading), COLLADA (with a unit and a node transform), glTF and GLB (with a node translation).
 */
public final class TestMeshes {

    /** The box's corners, indices into its 8 vertices for 12 triangles wound outwards. */
    private static final int[] BOX_TRIANGLES = {
        0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7
    };

    private static final int[][] BOX_QUADS = {
        {0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}
    };

    private TestMeshes() {}

    /** The 8 corners of a box from {@code min} to {@code max}: the bottom face counter-clockwise, then the top. */
    public static float[] boxVertices(float[] min, float[] max) {
        return new float[] {
            min[0], min[1], min[2], max[0], min[1], min[2], max[0], max[1], min[2], min[0], max[1], min[2], min[0],
            min[1], max[2], max[0], min[1], max[2], max[0], max[1], max[2], min[0], max[1], max[2]
        };
    }

    public static int[] boxTriangles() {
        return BOX_TRIANGLES.clone();
    }

    /** A UV sphere of {@code radius}: {@code rings} bands of {@code segments}, 2·segments·(rings − 1) triangles. */
    public static Indexed sphere(int rings, int segments, float radius) {
        int count = 2 + (rings - 1) * segments;
        float[] v = new float[count * 3];
        v[2] = radius;
        v[5] = -radius;
        for (int r = 1; r < rings; r++) {
            double lat = Math.PI * r / rings;
            for (int s = 0; s < segments; s++) {
                double lon = 2 * Math.PI * s / segments;
                int o = (2 + (r - 1) * segments + s) * 3;
                v[o] = (float) (radius * Math.sin(lat) * Math.cos(lon));
                v[o + 1] = (float) (radius * Math.sin(lat) * Math.sin(lon));
                v[o + 2] = (float) (radius * Math.cos(lat));
            }
        }
        int[] t = new int[2 * segments * (rings - 1) * 3];
        int n = 0;
        for (int s = 0; s < segments; s++) {
            int next = (s + 1) % segments;
            t[n++] = 0;
            t[n++] = 2 + s;
            t[n++] = 2 + next;
            int last = 2 + (rings - 2) * segments;
            t[n++] = 1;
            t[n++] = last + next;
            t[n++] = last + s;
        }
        for (int r = 1; r < rings - 1; r++) {
            int a = 2 + (r - 1) * segments;
            int b = a + segments;
            for (int s = 0; s < segments; s++) {
                int next = (s + 1) % segments;
                t[n++] = a + s;
                t[n++] = b + s;
                t[n++] = b + next;
                t[n++] = a + s;
                t[n++] = b + next;
                t[n++] = a + next;
            }
        }
        return new Indexed(v, t);
    }

    /** Vertices (x, y, z each) and triangles (three indices each). */
    public record Indexed(float[] vertices, int[] triangles) {}

    /** An ASCII STL of the triangles. */
    public static Path asciiStl(Path file, float[] v, int[] t) {
        StringBuilder s = new StringBuilder("solid test\n");
        for (int i = 0; i < t.length; i += 3) {
            s.append(" facet normal 0 0 0\n  outer loop\n");
            for (int k = 0; k < 3; k++) {
                s.append(String.format(
                        Locale.ROOT,
                        "   vertex %s %s %s%n",
                        v[t[i + k] * 3],
                        v[t[i + k] * 3 + 1],
                        v[t[i + k] * 3 + 2]));
            }
            s.append("  endloop\n endfacet\n");
        }
        return write(file, s.append("endsolid test\n").toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** A binary STL of the triangles. */
    public static Path binaryStl(Path file, float[] v, int[] t) {
        int count = t.length / 3;
        ByteBuffer b = ByteBuffer.allocate(84 + 50 * count).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[80]).putInt(count);
        for (int i = 0; i < t.length; i += 3) {
            b.putFloat(0).putFloat(0).putFloat(0);
            for (int k = 0; k < 3; k++) {
                b.putFloat(v[t[i + k] * 3]).putFloat(v[t[i + k] * 3 + 1]).putFloat(v[t[i + k] * 3 + 2]);
            }
            b.putShort((short) 0);
        }
        return write(file, b.array());
    }

    /** A Wavefront OBJ of boxes as quads, one object ({@code o name}) each. */
    public static Path obj(Path file, String[] names, float[][] boxes) {
        StringBuilder s = new StringBuilder();
        for (int b = 0; b < names.length; b++) {
            s.append("o ").append(names[b]).append('\n');
            float[] v = boxes[b];
            for (int i = 0; i < v.length; i += 3) {
                s.append(String.format(Locale.ROOT, "v %s %s %s%n", v[i], v[i + 1], v[i + 2]));
            }
            for (int[] q : BOX_QUADS) {
                int base = b * 8 + 1;
                s.append(String.format(
                        Locale.ROOT, "f %d %d %d %d%n", q[0] + base, q[1] + base, q[2] + base, q[3] + base));
            }
        }
        return write(file, s.toString().getBytes(StandardCharsets.US_ASCII));
    }

    /** A COLLADA file, Z up, with {@code <unit meter>} and its one node translated by {@code translate} (in units). */
    public static Path collada(Path file, float[] v, int[] t, double meter, float[] translate) {
        StringBuilder positions = new StringBuilder();
        for (float f : v) {
            positions.append(f).append(' ');
        }
        StringBuilder p = new StringBuilder();
        for (int i : t) {
            p.append(i).append(' ');
        }
        String xml = """
                <?xml version="1.0" encoding="utf-8"?>
                <COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
                  <asset><unit name="custom" meter="%s"/><up_axis>Z_UP</up_axis></asset>
                  <library_geometries>
                    <geometry id="box-mesh" name="box">
                      <mesh>
                        <source id="box-positions">
                          <float_array id="box-positions-array" count="%d">%s</float_array>
                          <technique_common>
                            <accessor source="#box-positions-array" count="%d" stride="3">
                              <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
                            </accessor>
                          </technique_common>
                        </source>
                        <vertices id="box-vertices"><input semantic="POSITION" source="#box-positions"/></vertices>
                        <triangles count="%d"><input semantic="VERTEX" source="#box-vertices" offset="0"/><p>%s</p></triangles>
                      </mesh>
                    </geometry>
                  </library_geometries>
                  <library_visual_scenes>
                    <visual_scene id="Scene" name="Scene">
                      <node id="body" name="body" type="NODE">
                        <translate sid="location">%s %s %s</translate>
                        <instance_geometry url="#box-mesh"/>
                      </node>
                    </visual_scene>
                  </library_visual_scenes>
                  <scene><instance_visual_scene url="#Scene"/></scene>
                </COLLADA>
                """.formatted(
                        meter,
                        v.length,
                        positions.toString().strip(),
                        v.length / 3,
                        t.length / 3,
                        p.toString().strip(),
                        translate[0],
                        translate[1],
                        translate[2]);
        return write(file, xml.getBytes(StandardCharsets.UTF_8));
    }

    /** A glTF file with its buffer inline (base64), its one node translated by {@code translate}. */
    public static Path gltf(Path file, float[] v, int[] t, float[] translate) {
        byte[] buffer = gltfBuffer(v, t);
        String json = gltfJson(
                v,
                t,
                translate,
                "\"uri\":\"data:application/octet-stream;base64,"
                        + Base64.getEncoder().encodeToString(buffer) + "\",",
                buffer.length);
        return write(file, json.getBytes(StandardCharsets.UTF_8));
    }

    /** The same as a binary GLB container. */
    public static Path glb(Path file, float[] v, int[] t, float[] translate) {
        byte[] buffer = gltfBuffer(v, t);
        byte[] json = gltfJson(v, t, translate, "", buffer.length).getBytes(StandardCharsets.UTF_8);
        int jsonLength = (json.length + 3) / 4 * 4;
        int binLength = (buffer.length + 3) / 4 * 4;
        ByteBuffer b = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + binLength).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46546C67).putInt(2).putInt(b.capacity());
        b.putInt(jsonLength).putInt(0x4E4F534A).put(json);
        for (int i = json.length; i < jsonLength; i++) {
            b.put((byte) ' ');
        }
        b.putInt(binLength).putInt(0x004E4942).put(buffer);
        return write(file, b.array());
    }

    private static byte[] gltfBuffer(float[] v, int[] t) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4 + t.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : v) {
            b.putFloat(f);
        }
        for (int i : t) {
            b.putInt(i);
        }
        return b.array();
    }

    private static String gltfJson(float[] v, int[] t, float[] translate, String uri, int bufferLength) {
        float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
        float[] max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
        for (int i = 0; i < v.length; i++) {
            min[i % 3] = Math.min(min[i % 3], v[i]);
            max[i % 3] = Math.max(max[i % 3], v[i]);
        }
        return String.format(
                Locale.ROOT,
                """
                {"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
                 "nodes":[{"name":"body","mesh":0,"translation":[%s,%s,%s]}],
                 "meshes":[{"name":"box","primitives":[{"attributes":{"POSITION":0},"indices":1,"mode":4}]}],
                 "buffers":[{%s"byteLength":%d}],
                 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":%d,"target":34962},
                                {"buffer":0,"byteOffset":%d,"byteLength":%d,"target":34963}],
                 "accessors":[{"bufferView":0,"componentType":5126,"count":%d,"type":"VEC3","min":[%s,%s,%s],
                               "max":[%s,%s,%s]},
                              {"bufferView":1,"componentType":5125,"count":%d,"type":"SCALAR"}]}
                """,
                translate[0],
                translate[1],
                translate[2],
                uri,
                bufferLength,
                v.length * 4,
                v.length * 4,
                t.length * 4,
                v.length / 3,
                min[0],
                min[1],
                min[2],
                max[0],
                max[1],
                max[2],
                t.length);
    }

    /** A square greyscale PNG of {@code bits} (8 or 16) per pixel, each pixel {@code value(x, y)}. */
    public static Path png(Path file, int size, int bits, IntBinaryOperator value) {
        BufferedImage image = new BufferedImage(
                size, size, bits == 16 ? BufferedImage.TYPE_USHORT_GRAY : BufferedImage.TYPE_BYTE_GRAY);
        WritableRaster raster = image.getRaster();
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                raster.setSample(x, y, 0, value.applyAsInt(x, y));
            }
        }
        try {
            ImageIO.write(image, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    public static Path write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
