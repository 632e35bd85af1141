/**
 * The native Bullet 3 implementation of {@link io.orrery.physics.PhysicsWorld}, through Libbulletjme: the only code
 * that uses Libbulletjme. Its structure mirrors {@code physics.jbullet}: bodies at the centre of mass, link poses in
 * the link frame, joint positions measured from the bodies' frames. Joints are Bullet's 6-DOF spring2 constraints;
 * their drives (servo, friction, damping) are Bullet's motor rows. Box contacts are Bullet's own: the box contact
 * patches Orrery gives JBullet are not needed here.
 */
package io.orrery.physics.bullet;
