package io.orrery.control;

import java.util.ArrayList;
import java.util.List;

/**
 * What a controller observes in a world and acts on, as a Gymnasium environment sees it: the observation (a flat
 * float vector of joint positions and velocities, link poses and twists), the action (joint efforts or velocities),
 * the reward, when an episode terminates and when it is truncated. Read from YAML by {@link TaskReader}.
 *
 * @param name the task's name
 * @param stepsPerAction physics steps one action is held for
 * @param maxEpisodeSteps actions after which an episode is truncated (Gymnasium's TimeLimit)
 * @param observations the observation's parts, in order
 * @param actions the action's parts, in order
 * @param reward the reward of every step
 * @param terminations bounds on observation elements; an episode terminates when one leaves its bounds
 * @param resets the joints a reset puts at a random position or velocity, each drawn from the world's own generator
 */
public record Task(
        String name,
        int stepsPerAction,
        int maxEpisodeSteps,
        List<Observation> observations,
        List<Action> actions,
        Reward reward,
        List<Termination> terminations,
        List<ResetRange> resets) {

    public Task {
        observations = List.copyOf(observations);
        actions = List.copyOf(actions);
        terminations = List.copyOf(terminations);
        resets = List.copyOf(resets);
    }

    /** Floats in an observation. */
    public int observationWidth() {
        return observations.stream().mapToInt(o -> o.source().width()).sum();
    }

    /** Floats in an action. */
    public int actionWidth() {
        return actions.size();
    }

    /** The observation's element names, in order ({@code slider.position}, {@code pole.x} ...). */
    public List<String> observationNames() {
        List<String> names = new ArrayList<>();
        observations.forEach(o -> names.addAll(o.names()));
        return names;
    }

    /** Where an observation part comes from, and how many floats it gives. */
    public enum Source {
        JOINT_POSITION(1),
        JOINT_VELOCITY(1),
        /** x, y, z, then the rotation's w, x, y, z. */
        LINK_POSE(7),
        /** linear x, y, z, angular x, y, z (world frame). */
        LINK_TWIST(6);

        private final int width;

        Source(int width) {
            this.width = width;
        }

        public int width() {
            return width;
        }
    }

    /**
     * One part of the observation.
     *
     * @param source what is read
     * @param model the top-level model
     * @param element the joint or link in it
     * @param names one per float
     * @param low lower bound per float (negative infinity: unbounded)
     * @param high upper bound per float
     */
    public record Observation(
            Source source, String model, String element, List<String> names, double[] low, double[] high) {}

    /** What an action part commands. */
    public enum Command {
        /** A force or torque along the joint's axis for the next step (N or N·m). */
        EFFORT,
        /** The joint's speed for the next step (m/s or rad/s), as the joint's velocity servo reaches it. */
        VELOCITY
    }

    /**
     * One float of the action: a command to one joint, clamped to its bounds.
     *
     * @param command what it commands
     * @param model the top-level model
     * @param joint the joint in it
     * @param low lower bound
     * @param high upper bound
     */
    public record Action(Command command, String model, String joint, double low, double high) {

        public String name() {
            return joint + "." + command.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A step's reward: {@code alive} plus each term's weight times its observation element (squared if asked).
     *
     * @param alive given for every step, the ending one included (CartPole's 1 a step)
     * @param terms weighted observation elements
     */
    public record Reward(double alive, List<Term> terms) {

        public Reward {
            terms = List.copyOf(terms);
        }
    }

    /** One weighted observation element of the reward. */
    public record Term(int index, double weight, boolean squared) {}

    /** An episode terminates when observation element {@code index} is below {@code low} or above {@code high}. */
    public record Termination(int index, double low, double high) {}

    /**
     * A reset sets the joint's position, or its velocity when {@code velocity}, to a value drawn uniformly from
     * [low, high). Velocities are set after every position, since setting a position zeroes the joint's rate.
     */
    public record ResetRange(String model, String joint, boolean velocity, double low, double high) {}
}
