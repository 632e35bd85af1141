package io.orrery.world;

/** A collision {@code <geometry>}. Cylinders, capsules and cones are along their local Z axis, as in SDF. */
public sealed interface Geometry {

    /** @param size full edge lengths in metres */
    record Box(Vec3 size) implements Geometry {
    }

    record Sphere(double radius) implements Geometry {
    }

    record Cylinder(double radius, double length) implements Geometry {
    }

    /** @param length the length of the cylindrical part, between the two hemisphere centres */
    record Capsule(double radius, double length) implements Geometry {
    }

    record Ellipsoid(Vec3 radii) implements Geometry {
    }

    record Cone(double radius, double length) implements Geometry {
    }

    /** An infinite plane through the link origin, with its normal; size is for display only. */
    record Plane(Vec3 normal, double sizeX, double sizeY) implements Geometry {
    }

    /**
     * A geometry SDF defines but Orrery cannot collide with (mesh, heightmap, polyline, image): the link gets no
     * collision shape from it.
     *
     * @param kind the element name, for example {@code mesh}
     * @param detail what it referred to, for example the mesh URI
     */
    record Unsupported(String kind, String detail) implements Geometry {
    }
}
