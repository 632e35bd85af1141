package io.orrery.world.mesh;

import java.nio.file.Path;

/**
 * Reads each mesh file named on the command line through the {@link MeshLoader}, one line each: {@code read} or
 * {@code refused} and the message. Run in a JVM of its own by {@link HostileMeshTests}: a file that crashes the
 * native library ends this process, not the test's.
 */
final class GuardedLoad {

    private GuardedLoad() {}

    public static void main(String[] files) {
        MeshLoader loader = new MeshLoader(MeshLimits.DEFAULT);
        for (String file : files) {
            System.out.println("loading " + file);
            System.out.flush();
            try {
                TriangleMesh mesh = loader.mesh(Path.of(file), new double[] {1, 1, 1}, null, false);
                System.out.println("read " + file + ": " + mesh);
            } catch (MeshException e) {
                System.out.println("refused " + file + ": " + e.getMessage());
            }
            System.out.flush();
        }
    }
}
