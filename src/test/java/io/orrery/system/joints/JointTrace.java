package io.orrery.system.joints;

import io.orrery.physics.JointState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A probe for the joint systems' simulation tests: the joint's state after every step, with the sim time. Gazebo's
 * joint example worlds set no {@code <physics>}, so the step is Gazebo's default, {@link #DT}.
 */
public final class JointTrace implements PostUpdate, Reset {

    /** The worlds set no {@code <physics>}: Gazebo's default step. */
    public static final double DT = 0.001;

    private final String model;
    private final String joint;
    private final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());

    private JointTrace(String model, String joint) {
        this.model = model;
        this.joint = joint;
    }

    /** A trace of {@code model}'s {@code joint}, registered with {@code sim} for the world it starts next. */
    public static JointTrace on(GazeboSystemRunner sim, String model, String joint) {
        JointTrace trace = new JointTrace(model, joint);
        sim.system(trace);
        return trace;
    }

    /** One step's joint state. */
    public record Sample(double time, double position, double velocity, double effort) {}

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (!info.paused()) {
            JointState s = world.joint(model, joint).orElseThrow();
            samples.add(new Sample(info.simTimeSeconds(), s.position(), s.velocity(), s.effort()));
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {}

    /** Every sample so far, oldest first (a live, synchronized list). */
    public List<Sample> samples() {
        return samples;
    }

    /** Forgets the samples so far. */
    public void clear() {
        samples.clear();
    }

    /** The latest sample. */
    public Sample last() {
        return samples.get(samples.size() - 1);
    }

    /** The sample at {@code t} seconds after the first one's step began. */
    public Sample at(double t) {
        int index = (int) Math.round(t / DT) - 1;
        return samples.get(index);
    }

    /** The velocities, oldest first. */
    public List<Double> velocities() {
        return samples.stream().map(Sample::velocity).toList();
    }

    /** The positions, oldest first. */
    public List<Double> positions() {
        return new ArrayList<>(samples.stream().map(Sample::position).toList());
    }

    /** The index of the last sample whose velocity is farther than {@code tolerance} from {@code target}. */
    public int lastOutside(double target, double tolerance) {
        for (int i = samples.size() - 1; i >= 0; i--) {
            if (Math.abs(samples.get(i).velocity() - target) > tolerance) {
                return i;
            }
        }
        return -1;
    }

    /** Seconds after which the position stays within {@code tolerance} of {@code target}. */
    public double settledAfter(double target, double tolerance) {
        for (int i = samples.size() - 1; i >= 0; i--) {
            if (Math.abs(samples.get(i).position() - target) > tolerance) {
                return (i + 1) * DT;
            }
        }
        return 0;
    }
}
