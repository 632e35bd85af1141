/**
 * Mesh and heightmap files read into immutable triangle and height records: STL, COLLADA, OBJ and glTF through
 * Assimp (the library gz-common reads meshes with), greyscale PNG heightmaps through ImageIO. A {@link
 * io.orrery.world.mesh.MeshLoader} bounds every file (bytes, triangles) and caches what it read for the life of the
 * process, so a reset or reload never reads a file again. Plain Java: no XML, no physics.
 */
package io.orrery.world.mesh;
