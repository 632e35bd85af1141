package io.orrery.system.jointtrajectorycontroller;

import com.gz.msgs.JointTrajectoryPointProtos.JointTrajectoryPoint;
import java.util.ArrayList;
import java.util.List;

/**
 * The trajectory being followed, as gz-sim's JointTrajectoryController keeps it: its joint names, its points, the
 * sim time it started at, the point whose targets hold now, and whether it is new, under way or reached.
 */
final class Trajectory {

    enum Status {
        NEW,
        ACTIVE,
        REACHED
    }

    Status status = Status.NEW;
    /** Sim time (ns) the trajectory started at; 0 until its first step, unless a message header gave it. */
    long startNanos;

    int pointIndex;
    final List<String> jointNames = new ArrayList<>();
    final List<JointTrajectoryPoint> points = new ArrayList<>();

    /**
     * Moves on to the first point whose {@code time_from_start} is not yet past at {@code simNanos}; true when the
     * point changed.
     */
    boolean updateCurrentPoint(long simNanos) {
        boolean updated = false;
        long trajectoryNanos = simNanos - startNanos;
        while (!isGoalReached()) {
            var tfs = points.get(pointIndex).getTimeFromStart();
            long pointNanos = tfs.getSec() * 1_000_000_000L + tfs.getNsec();
            if (pointNanos >= trajectoryNanos) {
                break;
            }
            pointIndex++;
            updated = true;
        }
        return updated;
    }

    /** True when no point follows the current one. */
    boolean isGoalReached() {
        return pointIndex + 1 >= points.size();
    }

    /** The share of the points reached so far, the current one included; 1 for a trajectory without points. */
    float progress() {
        return points.isEmpty() ? 1.0f : (float) (pointIndex + 1) / (float) points.size();
    }

    /** Forgets the points and joints: a new trajectory, not started. */
    void reset() {
        status = Status.NEW;
        pointIndex = 0;
        jointNames.clear();
        points.clear();
    }
}
