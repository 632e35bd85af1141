/**
 * The JBullet implementation of {@link io.orrery.physics.PhysicsWorld}: the only code that uses JBullet and
 * javax.vecmath. Bodies live at their centre of mass; link poses are reported in the link frame.
 */
package io.orrery.physics.jbullet;
