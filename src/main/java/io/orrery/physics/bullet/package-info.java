/**
 * The native Bullet 3 implementation of {@link io.orrery.physics.PhysicsWorld}, through Libbulletjme: the only code
 * that uses Libbulletjme. Links, joints, models and the API's plumbing are the engine-neutral ones of
 * {@code physics.rigid}, which it shares with {@code physics.jbullet}; this package holds the bodies, constraints,
 * drives, contacts and ray casts. Joints are Bullet's 6-DOF spring2 constraints; their drives (servo, friction,
 * damping) are Bullet's motor rows. Box contacts are Bullet's own: the box contact patches Orrery gives JBullet are
 * not needed here.
 */
package io.orrery.physics.bullet;
