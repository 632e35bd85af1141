package io.orrery.system.multicoptercontrol;

import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.InertialSpec;
import io.orrery.world.JointSpec;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What Gazebo's MulticopterVelocityControl reads of its model at load: the vehicle's mass and inertia and its rotors'
 * geometry.
 *
 * @param mass the sum of every link's mass, nested models' included (kg)
 * @param inertia the links' inertias summed about their common centre of mass (3×3, kg m²)
 */
record Airframe(double mass, double[][] inertia) {

    /**
     * The model's links and its nested models', summed as Gazebo sums them: each link's inertial as it stands in its
     * own link's frame (gz-math's {@code Inertiald} additions over the links' {@code Inertial} components, whose poses
     * are relative to their links), so a link's place in the model does not count, only its centre of mass's offset
     * within it. SDF's defaults for a link without {@code <inertial>} or {@code <inertia>}: 1 kg, unit inertia.
     */
    static Airframe of(ModelSpec model) {
        List<InertialSpec> inertials = new ArrayList<>();
        collect(model, inertials);
        double mass = 0;
        Vec3 weighted = Vec3.ZERO;
        for (InertialSpec i : inertials) {
            mass += i.mass();
            weighted = weighted.plus(i.pose().position().times(i.mass()));
        }
        Vec3 com = mass > 0 ? weighted.times(1 / mass) : Vec3.ZERO;
        double[][] total = new double[3][3];
        for (InertialSpec i : inertials) {
            double[][] own = rotated(i.pose().rotation(), tensor(i.inertia()));
            Vec3 d = i.pose().position().minus(com);
            double[] dv = {d.x(), d.y(), d.z()};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    double parallel = (r == c ? d.dot(d) : 0) - dv[r] * dv[c];
                    total[r][c] += own[r][c] + i.mass() * parallel;
                }
            }
        }
        return new Airframe(mass, total);
    }

    private static void collect(ModelSpec model, List<InertialSpec> out) {
        for (LinkSpec l : model.links()) {
            out.add(l.inertial()
                    .orElse(new InertialSpec(
                            1, Pose.IDENTITY, Optional.of(new InertialSpec.Inertia(1, 0, 0, 1, 0, 1)))));
        }
        for (ModelSpec nested : model.models()) {
            collect(nested, out);
        }
    }

    private static double[][] tensor(Optional<InertialSpec.Inertia> inertia) {
        InertialSpec.Inertia i = inertia.orElse(new InertialSpec.Inertia(1, 0, 0, 1, 0, 1));
        return new double[][] {{i.ixx(), i.ixy(), i.ixz()}, {i.ixy(), i.iyy(), i.iyz()}, {i.ixz(), i.iyz(), i.izz()}};
    }

    /** R I Rᵀ. */
    private static double[][] rotated(Quat q, double[][] inertia) {
        Vec3[] axes = {q.rotate(new Vec3(1, 0, 0)), q.rotate(new Vec3(0, 1, 0)), q.rotate(Vec3.UNIT_Z)};
        double[][] r = new double[3][3];
        for (int j = 0; j < 3; j++) {
            r[0][j] = axes[j].x();
            r[1][j] = axes[j].y();
            r[2][j] = axes[j].z();
        }
        return LeeVelocityController.times(LeeVelocityController.times(r, inertia), LeeVelocityController.transpose(r));
    }

    /**
     * The rotors of {@code <rotorConfiguration>}, as Gazebo loads them: each {@code <rotor>}'s {@code <jointName>}
     * names a joint of the model whose child link is the model's, and the rotor's angle and arm are where the joint's
     * frame falls in the xy plane of {@code comLink}; its {@code <forceConstant>} is scaled by the share of the joint's
     * axis along that link's z axis (a tilted rotor lifts less); {@code <momentConstant>} and {@code <direction>} as
     * given. Every element is required: a rotor without one fails the plugin, naming it.
     */
    static List<Rotor> rotors(GazeboParameters params, PluginSpec spec, ModelSpec model, LinkSpec comLink) {
        SdfElement config = spec.parameters().stream()
                .filter(e -> e.name().equals("rotorConfiguration"))
                .findFirst()
                .orElseThrow(() -> params.bad("needs <rotorConfiguration> with a <rotor> for each rotor"));
        List<Rotor> rotors = new ArrayList<>();
        int index = 0;
        for (SdfElement e : config.children()) {
            if (!e.name().equals("rotor")) {
                continue;
            }
            rotors.add(rotor(params, model, comLink, e, index++));
        }
        return rotors;
    }

    private static Rotor rotor(GazeboParameters params, ModelSpec model, LinkSpec comLink, SdfElement e, int index) {
        String where = "rotor " + index + " of <rotorConfiguration>";
        String jointName = text(e, "jointName").orElseThrow(() -> params.bad(where + " needs <jointName>"));
        JointSpec joint = model.joints().stream()
                .filter(j -> j.name().equals(jointName))
                .findFirst()
                .orElseThrow(
                        () -> params.bad(where + ": joint '" + jointName + "' is not in model '" + model.name() + "'"));
        LinkSpec child = model.links().stream()
                .filter(l -> l.name().equals(joint.child()))
                .findFirst()
                .orElseThrow(() -> params.bad(where + ": the child link '" + joint.child() + "' of joint '" + jointName
                        + "' is not in model '" + model.name() + "'"));
        Pose inCom = comLink.pose().inverse().compose(child.pose().compose(joint.pose()));
        Vec3 p = inCom.position();
        double arm = Math.hypot(p.x(), p.y());
        double angle = Math.atan2(p.y(), p.x());
        double forceConstant = number(params, e, where, "forceConstant");
        Vec3 axis = comLink.pose()
                .rotation()
                .conjugate()
                .rotate(child.pose().rotation().times(joint.pose().rotation()).rotate(joint.axis()));
        forceConstant *= axis.z();
        double momentConstant = number(params, e, where, "momentConstant");
        double direction = number(params, e, where, "direction");
        if (direction != Math.rint(direction)) {
            throw params.bad(
                    where + ": <direction> must be an integer (1 counterclockwise, -1 clockwise), got " + direction);
        }
        return new Rotor(angle, arm, forceConstant, momentConstant, (int) direction);
    }

    private static Optional<String> text(SdfElement e, String name) {
        return e.child(name)
                .map(SdfElement::text)
                .map(t -> t == null ? "" : t.trim())
                .filter(t -> !t.isEmpty());
    }

    private static double number(GazeboParameters params, SdfElement e, String where, String name) {
        String text = text(e, name).orElseThrow(() -> params.bad(where + " needs <" + name + ">"));
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException ex) {
            // reported below
        }
        throw params.bad(where + ": <" + name + "> must be a number, got '" + text + "'");
    }
}
