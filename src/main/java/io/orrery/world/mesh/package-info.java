/**
 * Mesh and heightmap files read into immutable triangle and height records: STL, COLLADA, OBJ and glTF through
 * Assimp (the library gz-common reads meshes with), greyscale PNG heightmaps through ImageIO. A {@link
 * io.orrery.world.mesh.MeshLoader} bounds every file (bytes, triangles) and caches what it read for the life of the
 * process, so a reset or reload never reads a file again. Before Assimp sees a file, {@code MeshPreScan} reads it as
 * a stream and bounds how deep it nests and what it declares, and the import runs on the one {@link
 * io.orrery.world.mesh.NativeMeshThread} with a stack of its own: a file that nested too deeply used to crash the JVM.
 * Plain Java: no physics; XML only as a COLLADA file's stream of events.
 */
package io.orrery.world.mesh;
