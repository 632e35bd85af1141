package io.orrery.system.trajectoryfollower;

import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a TrajectoryFollower goes, as its {@code <plugin>} says, in Gazebo's order of precedence: {@code <waypoints>}
 * (world x y), else {@code <circle>} (eight points of a circle of {@code <radius>} about the start), else
 * {@code <line>} (the start, then {@code <length>} along {@code <direction>} turned by the start's orientation, as
 * Gazebo's {@code CoordPositionAdd} turns it). The last two depend on where the link stands when the follower first
 * runs, so they are made then by {@link #from}.
 */
sealed interface Route {

    /** Gazebo's number of points sampled on a circle. */
    int CIRCLE_SAMPLES = 8;

    /** The waypoints (z = 0) for a link that starts at {@code start} (its world pose, z ignored). */
    List<Vec3> from(Pose start);

    /** Waypoints given in the world frame. */
    record Fixed(List<Vec3> points) implements Route {
        public Fixed {
            points = List.copyOf(points);
        }

        @Override
        public List<Vec3> from(Pose start) {
            return points;
        }
    }

    /** A circle about the start, sampled counter-clockwise from +x. */
    record Circle(double radius) implements Route {
        @Override
        public List<Vec3> from(Pose start) {
            List<Vec3> points = new ArrayList<>();
            for (int i = 0; i < CIRCLE_SAMPLES; i++) {
                double angle = 2 * Math.PI * i / CIRCLE_SAMPLES;
                points.add(new Vec3(start.x() + radius * Math.cos(angle), start.y() + radius * Math.sin(angle), 0));
            }
            return points;
        }
    }

    /** From the start to a point {@code length} away along {@code direction} (radians) in the start's frame. */
    record Line(double direction, double length) implements Route {
        @Override
        public List<Vec3> from(Pose start) {
            Vec3 along = new Vec3(length * Math.cos(direction), length * Math.sin(direction), 0);
            Vec3 end = start.rotation().rotate(along);
            return List.of(new Vec3(start.x(), start.y(), 0), new Vec3(start.x() + end.x(), start.y() + end.y(), 0));
        }
    }

    /** No route: Gazebo's follower then does nothing. */
    record None() implements Route {
        @Override
        public List<Vec3> from(Pose start) {
            return List.of();
        }
    }

    /** The route a {@code <plugin>} gives; a malformed one fails with a message naming the element. */
    static Route of(PluginSpec spec, GazeboParameters params) {
        Optional<SdfElement> waypoints = element(spec, "waypoints");
        if (waypoints.isPresent()) {
            List<Vec3> points = new ArrayList<>();
            for (SdfElement w : waypoints.get().children()) {
                if (w.name().equals("waypoint")) {
                    points.add(point(w.text(), params));
                }
            }
            if (points.isEmpty()) {
                throw params.bad("<waypoints> needs at least one <waypoint>");
            }
            return new Fixed(points);
        }
        Optional<SdfElement> circle = element(spec, "circle");
        if (circle.isPresent()) {
            return new Circle(number(circle.get(), "radius", params));
        }
        Optional<SdfElement> line = element(spec, "line");
        if (line.isPresent()) {
            return new Line(number(line.get(), "direction", params), number(line.get(), "length", params));
        }
        return new None();
    }

    private static Optional<SdfElement> element(PluginSpec spec, String name) {
        return spec.parameters().stream().filter(e -> e.name().equals(name)).findFirst();
    }

    private static Vec3 point(String text, GazeboParameters params) {
        String trimmed = text == null ? "" : text.trim();
        String[] parts = trimmed.split("\\s+");
        try {
            if (parts.length == 2) {
                double x = Double.parseDouble(parts[0]);
                double y = Double.parseDouble(parts[1]);
                if (Double.isFinite(x) && Double.isFinite(y)) {
                    return new Vec3(x, y, 0);
                }
            }
        } catch (NumberFormatException e) {
            // reported below with the expectation
        }
        throw params.bad("waypoints><waypoint", "two numbers 'x y'", "'" + trimmed + "'");
    }

    private static double number(SdfElement parent, String child, GazeboParameters params) {
        String where = parent.name() + "><" + child;
        String text = parent.child(child)
                .map(SdfElement::text)
                .map(String::trim)
                .filter(t -> !t.isEmpty())
                .orElseThrow(() -> params.bad("<" + where + "> is required"));
        try {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below with the expectation
        }
        throw params.bad(where, "a finite number", "'" + text + "'");
    }
}
