/**
 * The JBullet implementation of {@link io.orrery.physics.PhysicsWorld}: the only code that uses JBullet and
 * javax.vecmath. Bodies live at their centre of mass; link poses are reported in the link frame. Contacts between
 * plain boxes, and between a box and a plane, come from Orrery's own generators ({@code BoxContacts}), which give
 * JBullet a whole contact patch per step so that stacks come to rest.
 */
package io.orrery.physics.jbullet;
