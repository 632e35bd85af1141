package io.orrery.control;

import io.orrery.control.Task.Action;
import io.orrery.control.Task.Observation;
import io.orrery.control.Task.ResetRange;
import io.orrery.control.Task.Term;
import io.orrery.control.Task.Termination;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One copy of the world under a task: its own physics, its own generator and episode count. What it reads and
 * writes is its own, so stepping it on any thread, beside any other worlds, gives the same bits. One thread at a
 * time.
 */
final class TaskWorld implements AutoCloseable {

    private final PhysicsWorld physics;
    private final Task task;
    private final double dt;
    private final float[] observation;
    /** For each observation, the slot of its joint in {@link #joints} (-1 for a link's): one read per joint a step. */
    private final int[] jointSlots;
    /** The joints observed, as (model, joint), and their states in the observation being made. */
    private final String[][] jointNames;

    private final JointState[] joints;
    private SplitMix64 random;
    private long episodeSteps;
    private boolean ended;

    TaskWorld(PhysicsWorld physics, Task task, double dt, long seed) {
        this.physics = physics;
        this.task = task;
        this.dt = dt;
        this.observation = new float[task.observationWidth()];
        this.random = new SplitMix64(seed);
        check();
        List<Observation> observations = task.observations();
        List<String[]> names = new ArrayList<>();
        this.jointSlots = new int[observations.size()];
        for (int i = 0; i < jointSlots.length; i++) {
            Observation o = observations.get(i);
            jointSlots[i] = -1;
            if (o.source() == Task.Source.JOINT_POSITION || o.source() == Task.Source.JOINT_VELOCITY) {
                for (int k = 0; k < names.size() && jointSlots[i] < 0; k++) {
                    if (names.get(k)[0].equals(o.model()) && names.get(k)[1].equals(o.element())) {
                        jointSlots[i] = k;
                    }
                }
                if (jointSlots[i] < 0) {
                    jointSlots[i] = names.size();
                    names.add(new String[] {o.model(), o.element()});
                }
            }
        }
        this.jointNames = names.toArray(new String[0][]);
        this.joints = new JointState[jointNames.length];
    }

    /**
     * A new episode: the world as built, the task's joints at positions, then at velocities, drawn from the generator
     * (reseeded if given) in the file's order. Velocities come last: setting a position zeroes the joint's rate.
     */
    void reset(Long seed) {
        if (seed != null) {
            random = new SplitMix64(seed);
        }
        physics.reset();
        for (ResetRange r : task.resets()) {
            if (!r.velocity()) {
                physics.resetJointPosition(r.model(), r.joint(), random.uniform(r.low(), r.high()));
            }
        }
        for (ResetRange r : task.resets()) {
            if (r.velocity()) {
                physics.resetJointVelocity(r.model(), r.joint(), random.uniform(r.low(), r.high()));
            }
        }
        episodeSteps = 0;
        ended = false;
        observe();
    }

    /**
     * Holds the action (from {@code actions[offset...]}, each clamped to its bounds) for the task's physics steps, then
     * observes: the reward, and whether the episode terminated and whether it was truncated, as {@code outcome}'s bits
     * 1 and 2.
     */
    double step(float[] actions, int offset, int[] outcome) {
        for (int s = 0; s < task.stepsPerAction(); s++) {
            for (int a = 0; a < task.actions().size(); a++) {
                Action action = task.actions().get(a);
                double value = Math.max(action.low(), Math.min(action.high(), actions[offset + a]));
                switch (action.command()) {
                    case EFFORT -> physics.setJointForce(action.model(), action.joint(), value);
                    case VELOCITY -> physics.setJointVelocityCommand(action.model(), action.joint(), value);
                }
            }
            physics.step(dt);
        }
        episodeSteps++;
        observe();
        boolean terminated = false;
        for (Termination t : task.terminations()) {
            float v = observation[t.index()];
            terminated |= v < t.low() || v > t.high();
        }
        boolean truncated = episodeSteps >= task.maxEpisodeSteps();
        ended = terminated || truncated;
        outcome[0] = (terminated ? 1 : 0) | (truncated ? 2 : 0);
        double reward = task.reward().alive();
        for (Term term : task.reward().terms()) {
            double v = observation[term.index()];
            reward += term.weight() * (term.squared() ? v * v : v);
        }
        return reward;
    }

    /** Whether the last step ended the episode (terminated or truncated) and no reset followed. */
    boolean ended() {
        return ended;
    }

    /** The latest observation; not a copy. */
    float[] observation() {
        return observation;
    }

    PhysicsWorld physics() {
        return physics;
    }

    @Override
    public void close() {
        physics.close();
    }

    private void observe() {
        Arrays.fill(joints, null);
        int at = 0;
        List<Observation> observations = task.observations();
        for (int i = 0; i < observations.size(); i++) {
            Observation o = observations.get(i);
            switch (o.source()) {
                case JOINT_POSITION -> observation[at] = (float) joint(i).position();
                case JOINT_VELOCITY -> observation[at] = (float) joint(i).velocity();
                case LINK_POSE -> {
                    Pose p = link(o).pose();
                    put(at, p.position());
                    observation[at + 3] = (float) p.rotation().w();
                    observation[at + 4] = (float) p.rotation().x();
                    observation[at + 5] = (float) p.rotation().y();
                    observation[at + 6] = (float) p.rotation().z();
                }
                case LINK_TWIST -> {
                    LinkState l = link(o);
                    put(at, l.velocity().linear());
                    put(at + 3, l.velocity().angular());
                }
            }
            at += o.source().width();
        }
    }

    private void put(int at, Vec3 v) {
        observation[at] = (float) v.x();
        observation[at + 1] = (float) v.y();
        observation[at + 2] = (float) v.z();
    }

    /** Observation i's joint, read once per observation made (its position and velocity come from one state). */
    private JointState joint(int i) {
        int slot = jointSlots[i];
        if (joints[slot] == null) {
            joints[slot] =
                    physics.joint(jointNames[slot][0], jointNames[slot][1]).orElseThrow();
        }
        return joints[slot];
    }

    private LinkState link(Observation o) {
        return physics.model(o.model()).flatMap(m -> m.link(o.element())).orElseThrow();
    }

    /** Every model, joint and link the task names is in the world. */
    private void check() {
        for (Observation o : task.observations()) {
            ModelState model = physics.model(o.model())
                    .orElseThrow(() -> new TaskException("task '" + task.name() + "' observes model '" + o.model()
                            + "', which the world has not; it has " + physics.modelNames()));
            boolean found = o.source() == Task.Source.JOINT_POSITION || o.source() == Task.Source.JOINT_VELOCITY
                    ? model.joint(o.element()).isPresent()
                    : model.link(o.element()).isPresent();
            if (!found) {
                throw new TaskException("task '" + task.name() + "' observes '" + o.model() + "::" + o.element()
                        + "', which model '" + o.model() + "' has not");
            }
        }
        for (Action a : task.actions()) {
            if (physics.joint(a.model(), a.joint()).isEmpty()) {
                throw new TaskException("task '" + task.name() + "' acts on joint '" + a.model() + "::" + a.joint()
                        + "', which the world has not");
            }
        }
        for (ResetRange r : task.resets()) {
            if (physics.joint(r.model(), r.joint()).isEmpty()) {
                throw new TaskException("task '" + task.name() + "' resets joint '" + r.model() + "::" + r.joint()
                        + "', which the world has not");
            }
        }
    }
}
