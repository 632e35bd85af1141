/** Rigid-body physics behind a plain-Java interface; the JBullet implementation lives in {@code physics.jbullet}. */
package io.orrery.physics;
