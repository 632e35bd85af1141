package io.orrery.physics;

/**
 * What one collision became in the physics engine: its shape and how finely it was built.
 *
 * @param collision the collision's name
 * @param shape box, sphere, cylinder, capsule, cone, ellipsoid, plane, convex_hull (a moving link's mesh),
 *     convex_decomposition (a moving link's mesh with {@code optimization="convex_decomposition"}), triangle_mesh
 *     (a static link's mesh) or heightfield
 * @param hulls the convex hulls the shape is made of: 1 for a hull, the part count of a decomposition, else 0
 * @param vertices the points of the hulls, or the vertices of a triangle mesh or heightfield; 0 for primitives
 * @param triangles the triangles of a triangle mesh or heightfield, else 0
 */
public record ShapeInfo(String collision, String shape, int hulls, int vertices, int triangles) {}
