package io.orrery.render;

import io.orrery.world.Geometry;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import io.orrery.world.mesh.TriangleMesh;
import java.util.Optional;

/**
 * SDF geometries as triangles to draw, in the visual's frame: interleaved position, normal and texture coordinate
 * (8 floats a vertex), counter-clockwise seen from outside. Curved shapes are cut into {@link #SEGMENTS} around and
 * {@link #RINGS} from pole to pole; a mesh keeps its own triangles with normals averaged over the faces that share a
 * vertex (a file's hard edges, whose vertices it does not share, stay hard).
 */
final class Tessellation {

    /** Slices around a sphere, cylinder, capsule or cone: its outline is within 0.5% of the true radius. */
    static final int SEGMENTS = 32;

    /** Rings from pole to pole of a sphere or ellipsoid (half of them on each end of a capsule). */
    static final int RINGS = 16;

    static final int FLOATS_PER_VERTEX = 8;

    /** Triangles ready for the GPU. */
    record MeshData(float[] vertices, int[] indices) {}

    private final float[] vertices;
    private final int[] indices;
    private int vertexCount;
    private int indexCount;

    private Tessellation(int maxVertices, int maxIndices) {
        this.vertices = new float[maxVertices * FLOATS_PER_VERTEX];
        this.indices = new int[maxIndices];
    }

    /** The triangles of a geometry; empty for one that is not drawn ({@link Geometry.Unsupported}). */
    static Optional<MeshData> of(Geometry geometry) {
        if (geometry instanceof Geometry.Box b) {
            return Optional.of(box(b.size()));
        } else if (geometry instanceof Geometry.Sphere s) {
            return Optional.of(ellipsoid(new Vec3(s.radius(), s.radius(), s.radius())));
        } else if (geometry instanceof Geometry.Ellipsoid e) {
            return Optional.of(ellipsoid(e.radii()));
        } else if (geometry instanceof Geometry.Cylinder c) {
            return Optional.of(cylinder(c.radius(), c.length()));
        } else if (geometry instanceof Geometry.Capsule c) {
            return Optional.of(capsule(c.radius(), c.length()));
        } else if (geometry instanceof Geometry.Cone c) {
            return Optional.of(cone(c.radius(), c.length()));
        } else if (geometry instanceof Geometry.Plane p) {
            return Optional.of(plane(p));
        } else if (geometry instanceof Geometry.Heightmap h) {
            return Optional.of(heightmap(h));
        } else if (geometry instanceof Geometry.Mesh m) {
            return Optional.of(mesh(m.triangles()));
        } else if (geometry instanceof Geometry.Polyline p) {
            return Optional.of(mesh(p.solid().triangles()));
        }
        return Optional.empty();
    }

    private MeshData done() {
        return new MeshData(
                java.util.Arrays.copyOf(vertices, vertexCount * FLOATS_PER_VERTEX),
                java.util.Arrays.copyOf(indices, indexCount));
    }

    private int vertex(double x, double y, double z, double nx, double ny, double nz, double u, double v) {
        int at = vertexCount * FLOATS_PER_VERTEX;
        vertices[at] = (float) x;
        vertices[at + 1] = (float) y;
        vertices[at + 2] = (float) z;
        vertices[at + 3] = (float) nx;
        vertices[at + 4] = (float) ny;
        vertices[at + 5] = (float) nz;
        vertices[at + 6] = (float) u;
        vertices[at + 7] = (float) v;
        return vertexCount++;
    }

    private void triangle(int a, int b, int c) {
        indices[indexCount++] = a;
        indices[indexCount++] = b;
        indices[indexCount++] = c;
    }

    private void quad(int a, int b, int c, int d) {
        triangle(a, b, c);
        triangle(a, c, d);
    }

    static MeshData box(Vec3 size) {
        Tessellation t = new Tessellation(24, 36);
        double hx = size.x() / 2, hy = size.y() / 2, hz = size.z() / 2;
        // each face: its normal and two edge axes u, v with u × v = normal, so the corners go counter-clockwise
        double[][] faces = {
            {1, 0, 0, 0, 1, 0, 0, 0, 1},
            {-1, 0, 0, 0, 0, 1, 0, 1, 0},
            {0, 1, 0, 0, 0, 1, 1, 0, 0},
            {0, -1, 0, 1, 0, 0, 0, 0, 1},
            {0, 0, 1, 1, 0, 0, 0, 1, 0},
            {0, 0, -1, 0, 1, 0, 1, 0, 0}
        };
        for (double[] f : faces) {
            int first = -1;
            for (int corner = 0; corner < 4; corner++) {
                double su = corner == 1 || corner == 2 ? 1 : -1;
                double sv = corner >= 2 ? 1 : -1;
                double x = (f[0] + su * f[3] + sv * f[6]) * hx;
                double y = (f[1] + su * f[4] + sv * f[7]) * hy;
                double z = (f[2] + su * f[5] + sv * f[8]) * hz;
                int index = t.vertex(x, y, z, f[0], f[1], f[2], (su + 1) / 2, (1 - sv) / 2);
                first = first < 0 ? index : first;
            }
            t.quad(first, first + 1, first + 2, first + 3);
        }
        return t.done();
    }

    /** A sphere of three radii; its normals are those of the ellipsoid, not of the sphere it was scaled from. */
    static MeshData ellipsoid(Vec3 r) {
        Tessellation t = new Tessellation((RINGS + 1) * (SEGMENTS + 1), RINGS * SEGMENTS * 6);
        for (int i = 0; i <= RINGS; i++) {
            double theta = Math.PI * i / RINGS;
            for (int j = 0; j <= SEGMENTS; j++) {
                double phi = 2 * Math.PI * j / SEGMENTS;
                double ux = Math.sin(theta) * Math.cos(phi);
                double uy = Math.sin(theta) * Math.sin(phi);
                double uz = Math.cos(theta);
                double nx = ux / r.x(), ny = uy / r.y(), nz = uz / r.z();
                double n = Math.sqrt(nx * nx + ny * ny + nz * nz);
                t.vertex(
                        ux * r.x(),
                        uy * r.y(),
                        uz * r.z(),
                        nx / n,
                        ny / n,
                        nz / n,
                        (double) j / SEGMENTS,
                        (double) i / RINGS);
            }
        }
        grid(t, 0, RINGS, SEGMENTS);
        return t.done();
    }

    /** Quads between consecutive rings of {@code segments + 1} vertices, from vertex {@code first}. */
    private static void grid(Tessellation t, int first, int rings, int segments) {
        for (int i = 0; i < rings; i++) {
            for (int j = 0; j < segments; j++) {
                int a = first + i * (segments + 1) + j;
                int b = a + segments + 1;
                t.quad(a, b, b + 1, a + 1);
            }
        }
    }

    static MeshData cylinder(double radius, double length) {
        Tessellation t = new Tessellation(4 * (SEGMENTS + 1) + 2, SEGMENTS * 12);
        double h = length / 2;
        int side = t.vertexCount;
        for (int j = 0; j <= SEGMENTS; j++) {
            double phi = 2 * Math.PI * j / SEGMENTS;
            double c = Math.cos(phi), s = Math.sin(phi);
            t.vertex(radius * c, radius * s, -h, c, s, 0, (double) j / SEGMENTS, 1);
            t.vertex(radius * c, radius * s, h, c, s, 0, (double) j / SEGMENTS, 0);
        }
        for (int j = 0; j < SEGMENTS; j++) {
            int a = side + 2 * j;
            t.quad(a, a + 2, a + 3, a + 1);
        }
        caps(t, radius, -h, h);
        return t.done();
    }

    /** Flat discs closing a shape: one at {@code bottom} facing down, one at {@code top} facing up (NaN: none). */
    private static void caps(Tessellation t, double radius, double bottom, double top) {
        for (double z : new double[] {bottom, top}) {
            if (Double.isNaN(z)) {
                continue;
            }
            double nz = z == top ? 1 : -1;
            int centre = t.vertex(0, 0, z, 0, 0, nz, 0.5, 0.5);
            for (int j = 0; j <= SEGMENTS; j++) {
                double phi = 2 * Math.PI * j / SEGMENTS;
                double c = Math.cos(phi), s = Math.sin(phi);
                t.vertex(radius * c, radius * s, z, 0, 0, nz, 0.5 + c / 2, 0.5 - s / 2);
            }
            for (int j = 0; j < SEGMENTS; j++) {
                if (nz > 0) {
                    t.triangle(centre, centre + 1 + j, centre + 2 + j);
                } else {
                    t.triangle(centre, centre + 2 + j, centre + 1 + j);
                }
            }
        }
    }

    /** Two half spheres {@code length} apart joined by a cylinder: the sphere's rings with its equator doubled. */
    static MeshData capsule(double radius, double length) {
        int half = RINGS / 2;
        Tessellation t = new Tessellation((2 * half + 2) * (SEGMENTS + 1), (2 * half + 1) * SEGMENTS * 6);
        for (int i = 0; i <= 2 * half + 1; i++) {
            boolean upper = i <= half;
            double theta = Math.PI * (upper ? i : i - 1) / (2 * half);
            double offset = upper ? length / 2 : -length / 2;
            for (int j = 0; j <= SEGMENTS; j++) {
                double phi = 2 * Math.PI * j / SEGMENTS;
                double ux = Math.sin(theta) * Math.cos(phi);
                double uy = Math.sin(theta) * Math.sin(phi);
                double uz = Math.cos(theta);
                t.vertex(
                        radius * ux,
                        radius * uy,
                        radius * uz + offset,
                        ux,
                        uy,
                        uz,
                        (double) j / SEGMENTS,
                        (double) i / (2 * half + 1));
            }
        }
        grid(t, 0, 2 * half + 1, SEGMENTS);
        return t.done();
    }

    /** A cone standing on its base at −length/2, its tip at +length/2. */
    static MeshData cone(double radius, double length) {
        Tessellation t = new Tessellation(3 * SEGMENTS + SEGMENTS + 2, SEGMENTS * 6);
        double h = length / 2;
        double slant = Math.sqrt(radius * radius + length * length);
        for (int j = 0; j < SEGMENTS; j++) {
            double phi0 = 2 * Math.PI * j / SEGMENTS;
            double phi1 = 2 * Math.PI * (j + 1) / SEGMENTS;
            double mid = (phi0 + phi1) / 2;
            int a = t.vertex(
                    radius * Math.cos(phi0),
                    radius * Math.sin(phi0),
                    -h,
                    length * Math.cos(phi0) / slant,
                    length * Math.sin(phi0) / slant,
                    radius / slant,
                    (double) j / SEGMENTS,
                    1);
            int b = t.vertex(
                    radius * Math.cos(phi1),
                    radius * Math.sin(phi1),
                    -h,
                    length * Math.cos(phi1) / slant,
                    length * Math.sin(phi1) / slant,
                    radius / slant,
                    (double) (j + 1) / SEGMENTS,
                    1);
            int tip = t.vertex(
                    0,
                    0,
                    h,
                    length * Math.cos(mid) / slant,
                    length * Math.sin(mid) / slant,
                    radius / slant,
                    (j + 0.5) / SEGMENTS,
                    0);
            t.triangle(a, b, tip);
        }
        caps(t, radius, -h, Double.NaN);
        return t.done();
    }

    /** A finite plane of its size through the visual's origin, facing along its normal (one-sided, as Gazebo's). */
    static MeshData plane(Geometry.Plane p) {
        Tessellation t = new Tessellation(4, 6);
        Quat q = rotationFromZ(p.normal());
        double hx = p.sizeX() / 2, hy = p.sizeY() / 2;
        Vec3 n = q.rotate(Vec3.UNIT_Z);
        double[][] corners = {{-hx, -hy, 0, 1}, {hx, -hy, 1, 1}, {hx, hy, 1, 0}, {-hx, hy, 0, 0}};
        for (double[] c : corners) {
            Vec3 at = q.rotate(new Vec3(c[0], c[1], 0));
            t.vertex(at.x(), at.y(), at.z(), n.x(), n.y(), n.z(), c[2], c[3]);
        }
        t.quad(0, 1, 2, 3);
        return t.done();
    }

    /** The shortest rotation that turns +Z onto {@code normal}. */
    static Quat rotationFromZ(Vec3 normal) {
        Vec3 n = normal.normalized();
        double dot = n.z();
        if (dot > 1 - 1e-12) {
            return Quat.IDENTITY;
        }
        if (dot < -1 + 1e-12) {
            return Quat.fromAxisAngle(new Vec3(1, 0, 0), Math.PI);
        }
        return Quat.fromAxisAngle(Vec3.UNIT_Z.cross(n), Math.acos(dot));
    }

    static MeshData heightmap(Geometry.Heightmap h) {
        int size = h.image().size();
        Tessellation t = new Tessellation(size * size, (size - 1) * (size - 1) * 6);
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                int left = Math.max(col - 1, 0), right = Math.min(col + 1, size - 1);
                int down = Math.max(row - 1, 0), up = Math.min(row + 1, size - 1);
                double dzdx = (h.height(right, row) - h.height(left, row)) / (h.x(right) - h.x(left));
                double dzdy = (h.height(col, up) - h.height(col, down)) / (h.y(up) - h.y(down));
                double n = Math.sqrt(dzdx * dzdx + dzdy * dzdy + 1);
                t.vertex(
                        h.x(col),
                        h.y(row),
                        h.height(col, row),
                        -dzdx / n,
                        -dzdy / n,
                        1 / n,
                        (double) col / (size - 1),
                        1 - (double) row / (size - 1));
            }
        }
        for (int row = 0; row < size - 1; row++) {
            for (int col = 0; col < size - 1; col++) {
                int a = row * size + col;
                t.quad(a, a + 1, a + size + 1, a + size);
            }
        }
        return t.done();
    }

    static MeshData mesh(TriangleMesh mesh) {
        float[] positions = mesh.positions();
        int[] triangles = mesh.indices();
        int count = mesh.vertexCount();
        double[] normals = new double[count * 3];
        for (int i = 0; i < triangles.length; i += 3) {
            int a = triangles[i] * 3, b = triangles[i + 1] * 3, c = triangles[i + 2] * 3;
            double ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1];
            double uz = positions[b + 2] - positions[a + 2];
            double vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1];
            double vz = positions[c + 2] - positions[a + 2];
            // the cross product's length is twice the area: larger faces weigh more
            double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            for (int corner : new int[] {a, b, c}) {
                normals[corner] += nx;
                normals[corner + 1] += ny;
                normals[corner + 2] += nz;
            }
        }
        Tessellation t = new Tessellation(count, 0);
        for (int v = 0; v < count; v++) {
            double nx = normals[v * 3], ny = normals[v * 3 + 1], nz = normals[v * 3 + 2];
            double n = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (n == 0) {
                n = 1;
                nz = 1; // a vertex no triangle uses
            }
            t.vertex(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2], nx / n, ny / n, nz / n, 0, 0);
        }
        return new MeshData(java.util.Arrays.copyOf(t.vertices, count * FLOATS_PER_VERTEX), triangles);
    }
}
