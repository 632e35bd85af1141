package io.orrery.bench;

import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.InertialSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicsSpec;
import io.orrery.world.Pose;
import io.orrery.world.SurfaceSpec;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The benchmark scene: N boxes of 0.5 m half-extent and 1 kg in columns of 10 on a 1.1 m grid, 0.05 m vertical
 * gap between boxes, a static ground plane, sleeping disabled, dt 1 ms.
 */
public final class BoxColumns {

    public static final double HALF_EXTENT = 0.5;
    public static final double MASS = 1.0;
    public static final double GAP = 0.05;
    public static final double GRID = 1.1;
    public static final int COLUMN_HEIGHT = 10;
    public static final double GRAVITY = 9.8;
    public static final double DT = 0.001;
    /** SDF's default friction coefficient, which the Orrery world gets from its default surface. */
    public static final double FRICTION = SurfaceSpec.DEFAULT.friction();

    private BoxColumns() {}

    /** The centre of box {@code i} of {@code n}: columns on a square grid, boxes stacked with a gap. */
    public static double[] position(int i, int n) {
        int columns = (n + COLUMN_HEIGHT - 1) / COLUMN_HEIGHT;
        int side = (int) Math.ceil(Math.sqrt(columns));
        int column = i / COLUMN_HEIGHT;
        int level = i % COLUMN_HEIGHT;
        double x = (column % side) * GRID;
        double y = (column / side) * GRID;
        double z = GAP + HALF_EXTENT + level * (2 * HALF_EXTENT + GAP);
        return new double[] {x, y, z};
    }

    /** The same scene as an Orrery world. */
    public static WorldSpec world(int n) {
        List<ModelSpec> models = new ArrayList<>();
        models.add(model(
                "ground",
                Pose.IDENTITY,
                true,
                new CollisionSpec(
                        "plane", Pose.IDENTITY, new Geometry.Plane(Vec3.UNIT_Z, 100, 100), SurfaceSpec.DEFAULT),
                Optional.empty()));
        double size = 2 * HALF_EXTENT;
        for (int i = 0; i < n; i++) {
            double[] p = position(i, n);
            models.add(model(
                    "box_" + i,
                    Pose.translation(p[0], p[1], p[2]),
                    false,
                    new CollisionSpec(
                            "box", Pose.IDENTITY, new Geometry.Box(new Vec3(size, size, size)), SurfaceSpec.DEFAULT),
                    Optional.of(new InertialSpec(MASS, Pose.IDENTITY, Optional.empty()))));
        }
        return WorldSpec.of(
                Path.of("bench/box_columns_" + n + ".sdf"),
                "1.11",
                "box_columns_" + n,
                new Vec3(0, 0, -GRAVITY),
                new PhysicsSpec(DT, 0, 0),
                models);
    }

    private static ModelSpec model(
            String name, Pose pose, boolean isStatic, CollisionSpec collision, Optional<InertialSpec> inertial) {
        LinkSpec link = new LinkSpec("link", Pose.IDENTITY, inertial, List.of(collision));
        return new ModelSpec(
                name, pose, isStatic, false, List.of(link), List.of(), List.of(), List.of(), Optional.empty(), 0);
    }
}
