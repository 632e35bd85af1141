/**
 * V-HACD's convex decomposition of meshes, computed as a world or model is read so that both engines get the same
 * parts (and neither computes them on the runner thread), and the one loader of Libbulletjme's native library, which
 * V-HACD and the native Bullet engine share. The only package besides {@code physics.bullet} that uses Libbulletjme.
 */
package io.orrery.world.mesh.decomposition;
