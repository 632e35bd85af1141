package io.orrery.world.mesh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * One or more closed 2D outlines extruded along z from 0 to a height, as gz-common's
 * {@code MeshManager::CreateExtrudedPolyline} makes an SDF {@code <polyline>} geometry: a point is inside the solid
 * when a ray from it crosses the outlines an odd number of times, so an outline inside another is a hole.
 *
 * <p>The area is cut into horizontal slabs at every vertex's y; within a slab the edges that cross it, sorted by x and
 * taken in pairs (the even-odd rule), bound trapezoids. Each trapezoid extruded is a convex prism: together they are
 * the solid exactly, which a moving link collides with as convex parts (Gazebo's engines take the mesh), and their
 * tops, bottoms and the outlines' walls are the triangles drawn.
 */
public final class ExtrudedPolyline {

    /** The most convex parts one geometry makes (docs/limits.md): beyond it the outlines are refused. */
    public static final int MAX_PARTS = 4096;

    private final TriangleMesh triangles;
    private final ConvexParts parts;

    private final double volume;

    private ExtrudedPolyline(TriangleMesh triangles, ConvexParts parts, double volume) {
        this.triangles = triangles;
        this.parts = parts;
        this.volume = volume;
    }

    /** The solid's volume, m³. */
    public double volume() {
        return volume;
    }

    /** The solid's surface, in the geometry's frame. */
    public TriangleMesh triangles() {
        return triangles;
    }

    /** The solid as convex prisms, in the geometry's frame. */
    public ConvexParts parts() {
        return parts;
    }

    /**
     * Extrudes {@code outlines}.
     *
     * @param source for messages, for example the collision it is read for
     * @param outlines each outline's points, x then y each, closed implicitly (a last point equal to the first is
     *     allowed); at least three points each
     * @param height the extrusion, positive
     * @throws IllegalArgumentException when the outlines enclose no area or make more than {@link #MAX_PARTS} parts
     */
    public static ExtrudedPolyline of(String source, List<double[]> outlines, double height) {
        if (!(height > 0) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("the height must be positive, got " + height);
        }
        List<double[]> edges = new ArrayList<>(); // x0, y0, x1, y1 with y0 < y1
        TreeSet<Double> ys = new TreeSet<>();
        List<float[]> walls = new ArrayList<>();
        for (double[] xy : outlines) {
            int n = xy.length / 2;
            if (n >= 2 && xy[0] == xy[2 * n - 2] && xy[1] == xy[2 * n - 1]) {
                n--; // closed explicitly
            }
            if (n < 3) {
                throw new IllegalArgumentException("a polyline needs at least three points, got " + n);
            }
            for (int i = 0; i < n; i++) {
                int j = (i + 1) % n;
                double ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * j], by = xy[2 * j + 1];
                ys.add(ay);
                walls.add(new float[] {(float) ax, (float) ay, (float) bx, (float) by});
                if (ay != by) {
                    edges.add(ay < by ? new double[] {ax, ay, bx, by} : new double[] {bx, by, ax, ay});
                }
            }
        }
        List<double[]> trapezoids = trapezoids(edges, ys);
        if (trapezoids.isEmpty()) {
            throw new IllegalArgumentException("the polylines enclose no area");
        }
        if (trapezoids.size() > MAX_PARTS) {
            throw new IllegalArgumentException("the polylines make " + trapezoids.size() + " convex parts, more than "
                    + MAX_PARTS + " (docs/limits.md)");
        }
        for (float[] w : walls) {
            outwards(w, edges);
        }
        double area = 0;
        for (double[] t : trapezoids) {
            area += (t[1] - t[0]) * ((t[4] - t[2]) + (t[5] - t[3])) / 2;
        }
        return new ExtrudedPolyline(
                surface(source, trapezoids, walls, (float) height), prisms(trapezoids, height), area * height);
    }

    /** Each trapezoid as y0, y1, the left x at y0 and y1, the right x at y0 and y1. */
    private static List<double[]> trapezoids(List<double[]> edges, TreeSet<Double> ys) {
        List<double[]> out = new ArrayList<>();
        Double[] levels = ys.toArray(new Double[0]);
        for (int s = 0; s + 1 < levels.length; s++) {
            double y0 = levels[s], y1 = levels[s + 1];
            double mid = (y0 + y1) / 2;
            List<double[]> crossing = new ArrayList<>();
            for (double[] e : edges) {
                if (e[1] <= y0 && e[3] >= y1) {
                    crossing.add(new double[] {at(e, y0), at(e, y1), at(e, mid)});
                }
            }
            crossing.sort((a, b) -> Double.compare(a[2], b[2]));
            for (int k = 0; k + 1 < crossing.size(); k += 2) {
                double[] l = crossing.get(k), r = crossing.get(k + 1);
                if (r[2] > l[2]) {
                    out.add(new double[] {y0, y1, l[0], l[1], r[0], r[1]});
                }
            }
        }
        return out;
    }

    /** Turns wall {@code w} (x0, y0, x1, y1) so that the solid is on its left: its wall then faces outwards. */
    private static void outwards(float[] w, List<double[]> edges) {
        double dx = w[2] - w[0], dy = w[3] - w[1];
        double length = Math.hypot(dx, dy);
        if (length == 0) {
            return;
        }
        double step = length * 1e-4;
        // a point just to the wall's right: inside the solid means the wall faces in
        double px = (w[0] + w[2]) / 2 + dy / length * step, py = (w[1] + w[3]) / 2 - dx / length * step;
        if (inside(px, py, edges)) {
            float x = w[0], y = w[1];
            w[0] = w[2];
            w[1] = w[3];
            w[2] = x;
            w[3] = y;
        }
    }

    /** The even-odd rule: a ray to +x from the point crosses the edges an odd number of times. */
    private static boolean inside(double x, double y, List<double[]> edges) {
        boolean in = false;
        for (double[] e : edges) {
            if (e[1] <= y && y < e[3] && at(e, y) > x) {
                in = !in;
            }
        }
        return in;
    }

    /** The x of edge {@code e} at {@code y}, within its span. */
    private static double at(double[] e, double y) {
        if (y == e[1]) {
            return e[0];
        }
        if (y == e[3]) {
            return e[2];
        }
        return e[0] + (e[2] - e[0]) * (y - e[1]) / (e[3] - e[1]);
    }

    private static ConvexParts prisms(List<double[]> trapezoids, double height) {
        List<float[]> parts = new ArrayList<>(trapezoids.size());
        for (double[] t : trapezoids) {
            float[] p = new float[24];
            double[][] corners = {{t[2], t[0]}, {t[4], t[0]}, {t[5], t[1]}, {t[3], t[1]}};
            int o = 0;
            for (double z : new double[] {0, height}) {
                for (double[] c : corners) {
                    p[o++] = (float) c[0];
                    p[o++] = (float) c[1];
                    p[o++] = (float) z;
                }
            }
            parts.add(p);
        }
        return new ConvexParts(parts);
    }

    /** Tops and bottoms from the trapezoids, walls from the outlines' edges, each wound outwards. */
    private static TriangleMesh surface(String source, List<double[]> trapezoids, List<float[]> walls, float h) {
        float[] positions = new float[(trapezoids.size() * 8 + walls.size() * 4) * 3];
        int[] indices = new int[(trapezoids.size() * 4 + walls.size() * 2) * 3];
        int[] at = {0, 0}; // floats written, indices written
        for (double[] t : trapezoids) {
            float[][] c = {
                {(float) t[2], (float) t[0]},
                {(float) t[4], (float) t[0]},
                {(float) t[5], (float) t[1]},
                {(float) t[3], (float) t[1]}
            };
            int bottom = at[0] / 3;
            for (float[] q : c) {
                put(positions, at, q[0], q[1], 0);
            }
            for (float[] q : c) {
                put(positions, at, q[0], q[1], h);
            }
            // corners run counter-clockwise seen from +z: the top faces up, the bottom (reversed) down
            quad(indices, at, bottom + 4, bottom + 5, bottom + 6, bottom + 7);
            quad(indices, at, bottom + 3, bottom + 2, bottom + 1, bottom);
        }
        for (float[] w : walls) {
            int first = at[0] / 3;
            put(positions, at, w[0], w[1], 0);
            put(positions, at, w[2], w[3], 0);
            put(positions, at, w[2], w[3], h);
            put(positions, at, w[0], w[1], h);
            quad(indices, at, first, first + 1, first + 2, first + 3);
        }
        return new TriangleMesh(source, positions, Arrays.copyOf(indices, at[1]));
    }

    private static void put(float[] positions, int[] at, float x, float y, float z) {
        positions[at[0]++] = x;
        positions[at[0]++] = y;
        positions[at[0]++] = z;
    }

    private static void quad(int[] indices, int[] at, int a, int b, int c, int d) {
        int[] corners = {a, b, c, a, c, d};
        System.arraycopy(corners, 0, indices, at[1], 6);
        at[1] += 6;
    }
}
