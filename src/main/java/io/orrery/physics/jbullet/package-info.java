/**
 * The JBullet implementation of {@link io.orrery.physics.PhysicsWorld}: the only code that uses JBullet and
 * javax.vecmath. Links, joints, models and the API's plumbing are the engine-neutral ones of {@code physics.rigid};
 * this package holds the bodies, constraints, drives, contacts and ray casts. Contacts between plain boxes, and
 * between a box and a plane, come from Orrery's own generators ({@code BoxContacts}), which give JBullet a whole
 * contact patch per step so that stacks come to rest. Joints are driven by Orrery's own solver rows
 * ({@code JointDrive}: velocity servo, damping, friction) rather than JBullet's hinge motor, whose impulse bound is
 * per solver iteration and which reports nothing.
 */
package io.orrery.physics.jbullet;
