package io.orrery.physics;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** World specs built in code, for tests that need shapes the SDF fixtures do not cover. */
public final class TestWorlds {

    public static final Vec3 EARTH = new Vec3(0, 0, -9.8);

    private TestWorlds() {}

    public static WorldSpec world(ModelSpec... models) {
        return WorldSpec.of(Path.of("in-memory.sdf"), "1.9", "test", EARTH, PhysicsSpec.DEFAULT, List.of(models));
    }

    public static ModelSpec model(
            String name, Pose pose, boolean isStatic, List<LinkSpec> links, List<JointSpec> joints) {
        return new ModelSpec(name, pose, isStatic, true, links, joints, List.of(), List.of(), Optional.empty(), 1);
    }

    public static ModelSpec model(String name, Pose pose, boolean isStatic, LinkSpec... links) {
        return model(name, pose, isStatic, List.of(links), List.of());
    }

    public static ModelSpec ground() {
        return model(
                "ground",
                Pose.IDENTITY,
                true,
                link(
                        "plane",
                        Pose.IDENTITY,
                        Optional.empty(),
                        collision(new Geometry.Plane(Vec3.UNIT_Z, 100, 100), Pose.IDENTITY, SurfaceSpec.DEFAULT)));
    }

    public static LinkSpec link(String name, Pose pose, Optional<InertialSpec> inertial, CollisionSpec... collisions) {
        return new LinkSpec(name, pose, inertial, List.of(collisions));
    }

    public static LinkSpec boxLink(String name, Pose pose, double mass, Vec3 size, SurfaceSpec surface) {
        return link(
                name,
                pose,
                Optional.of(boxInertial(mass, size)),
                collision(new Geometry.Box(size), Pose.IDENTITY, surface));
    }

    public static InertialSpec boxInertial(double mass, Vec3 size) {
        double x = size.x() * size.x();
        double y = size.y() * size.y();
        double z = size.z() * size.z();
        return new InertialSpec(
                mass,
                Pose.IDENTITY,
                Optional.of(new InertialSpec.Inertia(
                        mass * (y + z) / 12, 0, 0, mass * (x + z) / 12, 0, mass * (x + y) / 12)));
    }

    public static CollisionSpec collision(Geometry geometry, Pose pose, SurfaceSpec surface) {
        return new CollisionSpec("collision", pose, geometry, surface);
    }

    public static JointSpec joint(
            String name,
            JointSpec.JointType type,
            String parent,
            String child,
            Pose pose,
            Vec3 axis,
            JointSpec.JointLimits limits) {
        return new JointSpec(name, type, parent, child, pose, axis, limits);
    }

    /**
     * Potential (in {@link #EARTH}'s gravity, from z = 0) and kinetic energy of a model whose links have their centre of
     * mass at the link origin and their principal axes along the link frame: what a frictionless chain keeps.
     */
    public static double energy(ModelSpec spec, ModelState state) {
        double g = -EARTH.z();
        double e = 0;
        for (LinkSpec l : spec.links()) {
            InertialSpec inertial = l.inertial().orElseThrow();
            InertialSpec.Inertia i = inertial.inertia().orElseThrow();
            LinkState s = state.link(l.name()).orElseThrow();
            Vec3 v = s.velocity().linear();
            Vec3 w = s.pose().rotation().conjugate().rotate(s.velocity().angular());
            e += inertial.mass() * g * s.pose().z()
                    + 0.5 * inertial.mass() * v.dot(v)
                    + 0.5 * (i.ixx() * w.x() * w.x() + i.iyy() * w.y() * w.y() + i.izz() * w.z() * w.z());
        }
        return e;
    }
}
