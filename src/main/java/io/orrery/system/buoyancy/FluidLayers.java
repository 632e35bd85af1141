package io.orrery.system.buoyancy;

import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The fluid Gazebo's Buoyancy fills the world with: one density everywhere ({@code <uniform_fluid_density>}), or
 * graded ({@code <graded_buoyancy>}): {@code <default_density>} below the lowest {@code <density_change>}, and each
 * change's {@code <density>} from its {@code <above_depth>} (a world z, m) up to the next. Immutable.
 *
 * @param defaultDensity kg/m³: everywhere when uniform, else below the first change
 * @param changes world z of each change to the density above it, lowest first; empty when uniform
 * @param graded true for graded buoyancy, which slices each collision at the changes
 */
record FluidLayers(double defaultDensity, NavigableMap<Double, Double> changes, boolean graded) {

    /** Below this difference (m³) two slices are the same volume, as Gazebo skips an empty layer. */
    private static final double SAME_VOLUME = 1e-10;

    FluidLayers {
        changes = new TreeMap<>(changes);
    }

    static FluidLayers uniform(double density) {
        return new FluidLayers(density, new TreeMap<>(), false);
    }

    static FluidLayers graded(double defaultDensity, Map<Double, Double> changes) {
        return new FluidLayers(defaultDensity, new TreeMap<>(changes), true);
    }

    /**
     * A force on one slice of a shape and the point it acts at.
     *
     * @param force world frame (N)
     * @param point world frame (m)
     */
    record Push(Vec3 force, Vec3 point) {}

    /**
     * Adds to {@code into} the buoyancy of {@code shape} at {@code pose} (its collision's world pose) under
     * {@code gravity}: one push per layer it reaches into, from the slice's volume in that layer's fluid, at the
     * slice's centre of volume. The plane is horizontal in the shape's frame and at the layer's height less the
     * shape's z, as gz-sim slices it; the part above the last change acts at the shape's origin, as in gz-sim.
     */
    void addPushes(SubmergedShape shape, Pose pose, Vec3 gravity, List<Push> into) {
        double density = defaultDensity;
        double previousVolume = 0;
        double previousCentre = 0;
        for (Map.Entry<Double, Double> layer : changes.entrySet()) {
            double[] below = shape.below(layer.getKey() - pose.position().z());
            double volume = below[0];
            if (volume <= 0 || Math.abs(volume - previousVolume) < SAME_VOLUME) {
                density = layer.getValue();
                previousVolume = volume > 0 ? volume : previousVolume;
                continue;
            }
            double slab = volume - previousVolume;
            double centre = (below[1] * volume - previousCentre * previousVolume) / slab;
            into.add(push(gravity, slab * density, centre, pose));
            density = layer.getValue();
            previousCentre = below[1];
            previousVolume = volume;
        }
        double slab = shape.volume() - previousVolume;
        if (Math.abs(slab) < SAME_VOLUME) {
            return;
        }
        double centre = (0 - previousCentre * previousVolume) / slab;
        into.add(push(gravity, slab * density, centre, pose));
    }

    private static Push push(Vec3 gravity, double displacedMass, double centreZ, Pose pose) {
        return new Push(gravity.times(-displacedMass), pose.apply(new Vec3(0, 0, centreZ)));
    }
}
