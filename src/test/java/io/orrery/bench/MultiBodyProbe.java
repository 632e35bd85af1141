package io.orrery.bench;

import com.jme3.bullet.MultiBody;
import com.jme3.bullet.MultiBodyLink;
import com.jme3.bullet.MultiBodySpace;
import com.jme3.bullet.PhysicsSpace;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import io.orrery.physics.bullet.BulletPhysicsEngine;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Candidate (a) of the articulation benchmark: Bullet's Featherstone multibody ({@code btMultiBody}) through
 * Libbulletjme 23.1.0's {@link MultiBody}, built by hand for the rotor, chain and double pendulum worlds of
 * src/test/resources/worlds/articulation (same masses, inertias and joints). Libbulletjme exposes no joint motor, so
 * the rotor's servo is a joint torque computed each step from the rotor's own inertia (exact for one joint about a
 * principal axis on a fixed base: τ = I (5 − v) / dt, bounded by the 10 N·m effort). It exposes no setter for the
 * multibody's linear and angular damping either (Bullet's default 0.04, a drag of I ω (0.04 + 0.04 |ω|) on every
 * link and m v (0.04 + 0.04 |v|) on its centre of mass), so each case runs twice: as Bullet leaves it, and with that
 * drag cancelled by an equal and opposite torque and force computed from the link's velocity at the start of the
 * step. Link velocities are not exposed either: they are computed here from the joint velocities.
 */
final class MultiBodyProbe {

    private static final float DT = 0.001f;
    private static final float G = 9.8f;
    private static final Vector3f Y = new Vector3f(0, 1, 0);

    private MultiBodyProbe() {}

    static void run() {
        // loads the native library
        new BulletPhysicsEngine()
                .build(new SdfReader(List.of()).read(Path.of("src/test/resources/worlds/articulation/rotor.sdf")))
                .close();
        for (boolean cancel : new boolean[] {false, true}) {
            String label = cancel ? "bullet multibody, damping cancelled" : "bullet multibody (Bullet's damping)";
            double[] rotor = rotor(cancel);
            double[] chain = chain(cancel);
            double[] pendulum = pendulum(cancel);
            System.out.printf(
                    Locale.ROOT,
                    "articulation: %s | %.1e, %.1e | %.1e, %.1e | %.1e (%.1e from the"
                            + " step's displacements) | (no motors) | %.0f, %.0f, %.0f%n",
                    label,
                    rotor[0],
                    rotor[1],
                    chain[0],
                    chain[1],
                    pendulum[0],
                    pendulum[2],
                    rotor[2],
                    chain[2],
                    pendulum[1]);
        }
    }

    private static MultiBodySpace space() {
        MultiBodySpace space = new MultiBodySpace(
                new Vector3f(-100, -100, -100), new Vector3f(100, 100, 100), PhysicsSpace.BroadphaseType.DBVT);
        space.setGravity(new Vector3f(0, 0, -G));
        return space;
    }

    /** Worst |v − 5| and off-axis speed over 1,000 steps once reached; steps/s. */
    static double[] rotor(boolean cancel) {
        MultiBodySpace space = space();
        MultiBody body = new MultiBody(1, 5, new Vector3f(0.1f, 0.1f, 0.1f), true, false);
        body.setBaseLocation(new Vector3f(0, 0, 0.5f));
        Vector3f inertia = new Vector3f(0.0167f, 0.0134f, 0.0034f);
        MultiBodyLink bar = body.configureRevoluteLink(
                1,
                inertia,
                null,
                new Quaternion(),
                new Vector3f(1, 0, 0),
                new Vector3f(0, 0, 0.2f),
                new Vector3f(),
                true);
        space.addMultiBody(body);
        double worst = 0;
        long start = System.nanoTime();
        for (int i = 0; i < 1100; i++) {
            float v = bar.jointVelocity(0);
            if (cancel) {
                // the bar turns about its own X, a principal axis: I ω (K1 + K2 |ω|) about X
                float k = body.angularDamping();
                bar.addTorque(new Vector3f(inertia.x * v * (k + k * Math.abs(v)), 0, 0));
            }
            float torque = Math.max(-10, Math.min(10, inertia.x * (5 - v) / DT));
            bar.addJointTorque(0, torque);
            space.update(DT, 0);
            if (i >= 100) {
                worst = Math.max(worst, Math.abs(bar.jointVelocity(0) - 5));
            }
        }
        double rate = 1100 / ((System.nanoTime() - start) / 1e9);
        space.destroy();
        // the bar's angular velocity is the base's (zero, fixed) plus the axis times the joint speed: nothing off-axis
        return new double[] {worst, 0, rate};
    }

    /** Worst joint angle and link speed of the hanging chain over its second second; steps/s. */
    static double[] chain(boolean cancel) {
        MultiBodySpace space = space();
        MultiBody body = new MultiBody(10, 1, new Vector3f(1, 1, 1), true, false);
        body.setBaseLocation(new Vector3f(0, 0, 2));
        Vector3f inertia = new Vector3f(8.5e-5f, 8.5e-5f, 2e-6f);
        MultiBodyLink[] links = new MultiBodyLink[10];
        for (int i = 0; i < 10; i++) {
            links[i] = body.configureRevoluteLink(
                    0.1f,
                    inertia,
                    i == 0 ? null : links[i - 1],
                    new Quaternion(),
                    Y,
                    new Vector3f(0, 0, i == 0 ? 0 : -0.05f),
                    new Vector3f(0, 0, -0.05f),
                    true);
        }
        space.addMultiBody(body);
        double worstAngle = 0;
        double worstSpeed = 0;
        long start = System.nanoTime();
        for (int step = 0; step < 2000; step++) {
            if (cancel) {
                cancelDamping(body, links, inertia.y, 0.1f, new Vector3f(0, 0, 2));
            }
            space.update(DT, 0);
            if (step >= 1000) {
                Vector3f[] v = linkVelocities(links, new Vector3f(0, 0, 2));
                for (int i = 0; i < 10; i++) {
                    worstAngle = Math.max(worstAngle, Math.abs(links[i].jointPosition(0)));
                    worstSpeed = Math.max(worstSpeed, v[i].length());
                }
            }
        }
        double rate = 2000 / ((System.nanoTime() - start) / 1e9);
        space.destroy();
        return new double[] {worstAngle, worstSpeed, rate};
    }

    /** Worst |E − E0| over 10 s relative to m g L; steps/s. */
    static double[] pendulum(boolean cancel) {
        MultiBodySpace space = space();
        MultiBody body = new MultiBody(2, 1, new Vector3f(1, 1, 1), true, false);
        body.setBaseLocation(new Vector3f(0, 0, 2));
        Vector3f inertia = new Vector3f(0.0001f, 0.0208f, 0.0208f);
        MultiBodyLink upper = body.configureRevoluteLink(
                1, inertia, null, new Quaternion(), Y, new Vector3f(), new Vector3f(0.25f, 0, 0), true);
        MultiBodyLink lower = body.configureRevoluteLink(
                1, inertia, upper, new Quaternion(), Y, new Vector3f(0.25f, 0, 0), new Vector3f(0.25f, 0, 0), true);
        space.addMultiBody(body);
        MultiBodyLink[] links = {upper, lower};
        Vector3f pivot = new Vector3f(0, 0, 2);
        double e0 = energy(links, inertia.y, pivot);
        double worst = 0;
        double worstDifferenced = 0;
        long start = System.nanoTime();
        for (int step = 0; step < 10_000; step++) {
            if (cancel) {
                cancelDamping(body, links, inertia.y, 1, pivot);
            }
            Vector3f[] before = {upper.location(null), lower.location(null)};
            float[] angles = {upper.jointPosition(0), lower.jointPosition(0)};
            space.update(DT, 0);
            worst = Math.max(worst, Math.abs(energy(links, inertia.y, pivot) - e0));
            // the same energy from the step's own displacement: a check on the velocities computed above
            double differenced = 0;
            double spin = 0;
            for (int i = 0; i < 2; i++) {
                Vector3f now = links[i].location(null);
                spin += (links[i].jointPosition(0) - angles[i]) / DT;
                differenced += G * now.z
                        + 0.5 * now.subtract(before[i]).divideLocal(DT).lengthSquared()
                        + 0.5 * inertia.y * spin * spin;
            }
            if (step > 0) {
                worstDifferenced = Math.max(worstDifferenced, Math.abs(differenced - e0));
            }
        }
        double rate = 10_000 / ((System.nanoTime() - start) / 1e9);
        space.destroy();
        return new double[] {worst / (1 * G * 1.0), rate, worstDifferenced / (1 * G * 1.0)};
    }

    private static double energy(MultiBodyLink[] links, float iyy, Vector3f pivot) {
        Vector3f[] v = linkVelocities(links, pivot);
        double e = 0;
        double spin = 0;
        for (int i = 0; i < links.length; i++) {
            spin += links[i].jointVelocity(0);
            float m = links[i].mass();
            e += m * G * links[i].location(null).z + 0.5 * m * v[i].lengthSquared() + 0.5 * iyy * spin * spin;
        }
        return e;
    }

    /**
     * The centre-of-mass velocities of a planar chain of links turning about Y, each jointed midway between its
     * centre of mass and its parent's (true of the chain and the pendulum here), the first at {@code pivot}.
     */
    private static Vector3f[] linkVelocities(MultiBodyLink[] links, Vector3f pivot) {
        Vector3f[] result = new Vector3f[links.length];
        Vector3f velocity = new Vector3f();
        Vector3f previous = null;
        float spin = 0;
        for (int i = 0; i < links.length; i++) {
            Vector3f com = links[i].location(null);
            Vector3f joint = previous == null ? pivot : previous.add(com).multLocal(0.5f);
            if (previous != null) {
                velocity = velocity.add(Y.mult(spin).cross(joint.subtract(previous)));
            }
            spin += links[i].jointVelocity(0);
            velocity = velocity.add(Y.mult(spin).cross(com.subtract(joint)));
            result[i] = velocity;
            previous = com;
        }
        return result;
    }

    /** Cancels Bullet's multibody drag on each link of a planar chain about Y (principal Y inertia {@code iyy}). */
    private static void cancelDamping(MultiBody body, MultiBodyLink[] links, float iyy, float mass, Vector3f pivot) {
        float k = body.angularDamping();
        float kl = body.linearDamping();
        Vector3f[] v = linkVelocities(links, pivot);
        float spin = 0;
        for (int i = 0; i < links.length; i++) {
            spin += links[i].jointVelocity(0);
            links[i].addTorque(Y.mult(iyy * spin * (k + k * Math.abs(spin))));
            float speed = v[i].length();
            links[i].addForce(v[i].mult(mass * (kl + kl * speed)));
        }
    }
}
