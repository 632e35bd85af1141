/**
 * Rigid-body physics behind a plain-Java interface: the engine-neutral core lives in {@code physics.rigid}, the engines
 * in {@code physics.jbullet} (JBullet) and {@code physics.bullet} (native Bullet 3). Uses only the world records; plain
 * Java, used by every layer above it.
 */
package io.orrery.physics;
