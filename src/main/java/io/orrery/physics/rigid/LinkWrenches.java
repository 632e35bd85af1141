package io.orrery.physics.rigid;

import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;

/**
 * The wrenches systems added to links for the next step (gz-sim's {@code ExternalWorldWrenchCmd}): each is turned
 * into a force at the centre of mass and a torque, the force's moment about the centre of mass included, since the
 * engines' bodies live there. Kept until the step ends so an engine that steps in parts applies them to every part.
 */
final class LinkWrenches {

    private record Wrench(Link link, Vec3 force, Vec3 torque, Vec3 offset) {}

    private final List<Wrench> pending = new ArrayList<>();

    /** Keeps a wrench for a dynamic link (a static one is not pushed); throws for a value that is not finite. */
    void add(Link link, Vec3 force, Vec3 torque, Vec3 offset) {
        if (!force.isFinite() || !torque.isFinite() || !offset.isFinite()) {
            throw new IllegalArgumentException(
                    "expected a finite wrench, got force " + force + ", torque " + torque + " at " + offset);
        }
        if (link.isDynamic()) {
            pending.add(new Wrench(link, force, torque, offset));
        }
    }

    /** Hands each wrench to its body's force accumulator, waking it. */
    void apply() {
        for (Wrench w : pending) {
            Vec3 point = w.link().linkPose().apply(w.offset());
            Vec3 arm = point.minus(w.link().comPose().position());
            w.link().applyCentralForce(w.force());
            w.link().applyTorque(w.torque().plus(arm.cross(w.force())));
            w.link().activate();
        }
    }

    void clear() {
        pending.clear();
    }
}
