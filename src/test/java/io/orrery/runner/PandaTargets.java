package io.orrery.runner;

import java.util.Map;

/**
 * The Panda arm's pose in {@code src/test/resources/worlds/panda.sdf}: its JointPositionControllers' initial targets
 * (panda_description's initial_joint_positions.yaml), rad, which the tests and benchmarks hold it to.
 */
public final class PandaTargets {

    /** Each joint's initial target. */
    public static final Map<String, Double> TARGETS = Map.of(
            "panda_joint1", 0.0,
            "panda_joint2", -Math.PI / 4,
            "panda_joint3", 0.0,
            "panda_joint4", -3 * Math.PI / 4,
            "panda_joint5", 0.0,
            "panda_joint6", Math.PI / 2,
            "panda_joint7", Math.PI / 4);

    private PandaTargets() {}
}
