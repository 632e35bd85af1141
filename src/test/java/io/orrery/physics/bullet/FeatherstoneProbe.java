package io.orrery.physics.bullet;

import com.jme3.bullet.MultiBody;
import com.jme3.bullet.MultiBodyLink;
import com.jme3.bullet.MultiBodySpace;
import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.PlaneCollisionShape;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Plane;
import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.math.Vector3f;

/** Scratch: Bullet's Featherstone multibody through Libbulletjme on the suite's worlds. Not committed. */
public class FeatherstoneProbe {

    static final float DT = 0.001f;

    public static void main(String[] args) {
        NativeBullet.load();
        boolean compensate = args.length > 0 && args[0].equals("compensate");
        rotor(compensate);
        spin();
        pendulum(compensate);
        chain(compensate);
    }

    static MultiBodySpace space() {
        MultiBodySpace space = new MultiBodySpace(new Vector3f(-1000, -1000, -1000), new Vector3f(1000, 1000, 1000),
                PhysicsSpace.BroadphaseType.DBVT);
        space.setGravity(new Vector3f(0, 0, -9.8f));
        return space;
    }

    static void rotor(boolean compensate) {
        MultiBodySpace space = space();
        PhysicsRigidBody ground = new PhysicsRigidBody(new PlaneCollisionShape(new Plane(Vector3f.UNIT_Z, 0)), 0);
        space.addCollisionObject(ground);
        MultiBody mb = new MultiBody(1, 120f, new Vector3f(2.501f, 2.501f, 5f), false, false);
        mb.setBaseLocation(new Vector3f(0, 0, 0.005f));
        mb.addBaseCollider(new BoxCollisionShape(0.25f, 0.25f, 0.005f));
        MultiBodyLink rotor = mb.configureRevoluteLink(0.6f, new Vector3f(0.032f, 0.032f, 0.00012f), null,
                new Quaternion(), Vector3f.UNIT_Z, new Vector3f(0, 0, 0.5f), new Vector3f(0, 0, 0.5f), true);
        rotor.addCollider(new BoxCollisionShape(0.125f, 0.125f, 0.025f));
        space.addMultiBody(mb);
        double worstV = 0;
        double worstBase = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < 2000; i++) {
            float target = i < 1000 ? 5 : 10;
            rotor.setJointVelocity(0, target);
            if (compensate) {
                compensateDamping(mb);
            }
            space.update(DT, 0);
            if (i > 10) {
                worstV = Math.max(worstV, Math.abs(rotor.jointVelocity(0) - target));
                Vector3f w = mb.baseAngularVelocity(null);
                worstBase = Math.max(worstBase, Math.hypot(w.x, w.y));
            }
        }
        System.out.printf("featherstone rotor (compensate %s): |joint v - target| %.3g, base off-axis w %.3g, base z %.5f, %.0f steps/s%n",
                compensate, worstV, worstBase, mb.baseLocation(null).z, 2000 / ((System.nanoTime() - t0) / 1e9));
    }

    /** Cancels btMultiBody's built-in damping (0.04 linear and quadratic, not settable through Libbulletjme). */
    static void compensateDamping(MultiBody mb) {
        // only the rotor's own spin matters here: angular damping I w (k1 + k2 |w|)
        for (int l = 0; l < mb.countConfiguredLinks(); l++) {
            MultiBodyLink link = mb.getLink(l);
            float v = link.jointVelocity(0);
            float k = 0.04f;
            // torque on the link about its axis, in the world; approximation for this probe: axis-aligned inertia
            Vector3f inertia = link.inertia(null);
            Vector3f axis = link.axis(null);
            float i = axis.z != 0 ? inertia.z : axis.y != 0 ? inertia.y : inertia.x;
            link.addJointTorque(0, i * v * (k + k * Math.abs(v)));
        }
    }

    static void spin() {
        MultiBodySpace space = space();
        MultiBody mb = new MultiBody(1, 1f, new Vector3f(1, 1, 1), true, false);
        mb.setBaseLocation(new Vector3f(0, 0, 1));
        MultiBodyLink rotor = mb.configureRevoluteLink(0.6f, new Vector3f(0.032f, 0.032f, 0.00012f), null,
                new Quaternion(), Vector3f.UNIT_Z, new Vector3f(0, 0, 0), new Vector3f(0, 0, 0), true);
        space.addMultiBody(mb);
        Quaternion q = new Quaternion();
        double unwrapped = 0;
        double last = 0;
        for (int i = 0; i < 100; i++) {
            rotor.setJointVelocity(0, 3000);
            space.update(DT, 0);
            double pos = rotor.jointPosition(0);
            unwrapped = pos;
        }
        System.out.printf("featherstone spin 3000 rad/s: joint v %.6g, joint position after 0.1 s %.6g (ideal 300)%n",
                rotor.jointVelocity(0), unwrapped);
    }

    static void pendulum(boolean compensate) {
        MultiBodySpace space = space();
        MultiBody mb = new MultiBody(2, 1f, new Vector3f(1, 1, 1), true, false);
        mb.setBaseLocation(new Vector3f(0, 0, 3));
        // both rods horizontal along +X: the link frames at the centres of mass, axis Y
        Vector3f inertia = new Vector3f(1f / 12, 1f / 12, 0.0002f);
        MultiBodyLink upper = mb.configureRevoluteLink(1, new Vector3f(0.0002f, 1f / 12, 1f / 12), null,
                new Quaternion(), Vector3f.UNIT_Y, new Vector3f(0, 0, 0), new Vector3f(0.5f, 0, 0), true);
        MultiBodyLink lower = mb.configureRevoluteLink(1, new Vector3f(0.0002f, 1f / 12, 1f / 12), upper,
                new Quaternion(), Vector3f.UNIT_Y, new Vector3f(0.5f, 0, 0), new Vector3f(0.5f, 0, 0), true);
        space.addMultiBody(mb);
        double e0 = energy(mb, null);
        double worst = 0;
        double[] prevZ = null;
        double e = 0;
        Vector3f[] prev = {upper.location(null), lower.location(null)};
        for (int i = 0; i < 10_000; i++) {
            if (compensate) {
                compensateDamping(mb);
            }
            space.update(DT, 0);
            e = energy(mb, prev);
            worst = Math.max(worst, Math.abs(e - e0));
        }
        System.out.printf("featherstone double pendulum (compensate %s): |E - E0| max %.4g J, at 10 s %.4g J%n",
                compensate, worst, e - e0);
    }

    /** Potential and kinetic energy; link velocities from joint velocities (planar, axis Y). */
    static double energy(MultiBody mb, Vector3f[] prev) {
        double q1 = mb.getLink(0).jointPosition(0);
        double q2 = mb.getLink(1).jointPosition(0);
        double w1 = mb.getLink(0).jointVelocity(0);
        double w2 = w1 + mb.getLink(1).jointVelocity(0);
        // positions of the centres from the engine
        Vector3f c1 = mb.getLink(0).location(null);
        Vector3f c2 = mb.getLink(1).location(null);
        // velocities from the angles: upper centre at 0.5 (cos a1, -sin a1) in x,z with a1 = q1 about Y
        double a1 = q1;
        double a2 = q1 + q2;
        double v1x = -0.5 * Math.sin(a1) * w1;
        double v1z = -0.5 * Math.cos(a1) * w1;
        double v2x = -Math.sin(a1) * w1 - 0.5 * Math.sin(a2) * w2;
        double v2z = -Math.cos(a1) * w1 - 0.5 * Math.cos(a2) * w2;
        double kin = 0.5 * (v1x * v1x + v1z * v1z + v2x * v2x + v2z * v2z) + 0.5 / 12 * (w1 * w1 + w2 * w2);
        return 9.8 * (c1.z + c2.z) + kin;
    }

    static void chain(boolean compensate) {
        MultiBodySpace space = space();
        MultiBody mb = new MultiBody(10, 1f, new Vector3f(1, 1, 1), true, false);
        mb.setBaseLocation(new Vector3f(0, 0, 2));
        MultiBodyLink parent = null;
        MultiBodyLink[] links = new MultiBodyLink[10];
        for (int i = 0; i < 10; i++) {
            Vector3f axis = i % 2 == 0 ? Vector3f.UNIT_X : Vector3f.UNIT_Y;
            links[i] = mb.configureRevoluteLink(0.1f, new Vector3f(8.33333e-5f, 8.33333e-5f, 5e-6f), parent,
                    new Quaternion(), axis, new Vector3f(0, 0, parent == null ? 0 : -0.05f),
                    new Vector3f(0, 0, -0.05f), true);
            parent = links[i];
        }
        space.addMultiBody(mb);
        double worst = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < 5000; i++) {
            space.update(DT, 0);
            for (MultiBodyLink l : links) {
                worst = Math.max(worst, Math.abs(l.jointVelocity(0)));
            }
        }
        double rate = 5000 / ((System.nanoTime() - t0) / 1e9);
        Vector3f tip = links[9].location(null);
        System.out.printf("featherstone chain: max |joint v| %.3g, tip centre %s (ideal 0 0 1.05), %.0f steps/s%n",
                worst, tip, rate);
    }
}
