package io.orrery.system.joints;

import io.orrery.log.LogSafe;
import io.orrery.physics.JointState;
import io.orrery.physics.WorldView;
import io.orrery.world.JointSpec.JointType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;

/**
 * The joints a system drives, looked up in the world by name (scoped within the model) on the first step, as
 * Gazebo's systems look them up in their first PreUpdate. A name the model lacks, or a fixed or ball joint
 * (nothing to drive), is left out with one warning; while none is found the lookup is tried again each step.
 * Runner thread only.
 */
final class DrivenJoints {

    private final String model;
    private final List<String> names;
    private final String system;
    private final Logger log;
    private final Set<String> warned = new HashSet<>();
    private List<String> found = List.of();

    /** The joints {@code names} of {@code model}, driven by {@code system}, warnings to {@code log}. */
    DrivenJoints(String model, List<String> names, String system, Logger log) {
        this.model = model;
        this.names = List.copyOf(names);
        this.system = system;
        this.log = log;
    }

    /** The joints found, in the order named; empty while none is. The controllers read the first one's state. */
    List<String> resolve(WorldView world) {
        if (found.isEmpty()) {
            List<String> drivable = new ArrayList<>();
            for (String name : names) {
                Optional<JointState> joint = world.joint(model, name);
                if (joint.isEmpty()) {
                    warnOnce(name, "model '" + model + "' has no joint '" + name + "'");
                } else if (joint.get().type() == JointType.FIXED || joint.get().type() == JointType.BALL) {
                    warnOnce(
                            name,
                            "joint '" + name + "' of model '" + model + "' is "
                                    + joint.get().type().name().toLowerCase(java.util.Locale.ROOT)
                                    + ": it has no axis to drive");
                } else {
                    drivable.add(name);
                }
            }
            found = List.copyOf(drivable);
        }
        return found;
    }

    /** Forgets the lookup (after a reset the world is rebuilt); warnings are not repeated. */
    void forget() {
        found = List.of();
    }

    private void warnOnce(String name, String problem) {
        if (warned.add(name)) {
            log.warn("{}: {}; it is left out", system, LogSafe.of(problem));
        }
    }
}
