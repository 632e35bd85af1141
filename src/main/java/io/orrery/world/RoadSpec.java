package io.orrery.world;

import java.util.List;

/** A {@code <road>}: a polyline of points with a width, kept for the world writer. */
public record RoadSpec(String name, double width, List<Vec3> points) {

    public RoadSpec {
        points = List.copyOf(points);
    }
}
