package io.orrery.bench;

import io.orrery.physics.Engine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.world.WorldSpec;
import io.orrery.world.mesh.MeshLimits;
import io.orrery.world.mesh.MeshLoader;
import io.orrery.world.mesh.TestMeshes;
import io.orrery.world.mesh.TriangleMesh;
import io.orrery.world.sdf.SdfLimits;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Mesh load time ({@code meshes}): a 99,500-triangle sphere (binary STL, 5 MB) read by Assimp in a fresh loader
 * each round, the first read of the process apart (it loads the native library), then a world holding it as a
 * moving mesh (a hull) and as a static one (triangles) built on each engine, and a cache hit.
 */
final class MeshBenchmark {

    private static final int ROUNDS = 5;

    private MeshBenchmark() {}

    static void run() throws Exception {
        Path dir = Files.createTempDirectory("orrery-bench-meshes");
        TestMeshes.Indexed sphere = TestMeshes.sphere(200, 250, 0.5f);
        Path stl = TestMeshes.binaryStl(dir.resolve("sphere.stl"), sphere.vertices(), sphere.triangles());
        System.out.printf(
                Locale.ROOT,
                "meshes: %s, %d triangles, %d bytes%n",
                stl.getFileName(),
                sphere.triangles().length / 3,
                Files.size(stl));
        double[] one = {1, 1, 1};
        long start = System.nanoTime();
        TriangleMesh first = new MeshLoader(MeshLimits.DEFAULT).mesh(stl, one, null, false);
        System.out.printf(
                Locale.ROOT,
                "  first read of the process (Assimp's native library loaded): %.0f ms, %d"
                        + " triangles, %d vertices%n",
                ms(start),
                first.triangleCount(),
                first.vertexCount());
        double[] reads = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            start = System.nanoTime();
            new MeshLoader(MeshLimits.DEFAULT).mesh(stl, one, null, false);
            reads[i] = ms(start);
        }
        MeshLoader cached = new MeshLoader(MeshLimits.DEFAULT);
        cached.mesh(stl, one, null, false);
        start = System.nanoTime();
        cached.mesh(stl, one, null, false);
        double hit = ms(start);
        System.out.printf(
                Locale.ROOT,
                "  read: median %.0f ms (%s) of %d fresh loaders; cache hit %.3f ms%n",
                median(reads),
                Arrays.toString(Arrays.stream(reads).map(Math::rint).toArray()),
                ROUNDS,
                hit);

        Path world = dir.resolve("world.sdf");
        Files.writeString(world, """
                <sdf version='1.11'><world name='meshes'>
                <model name='ball'><pose>0 0 1 0 0 0</pose><link name='l'><inertial><mass>1</mass></inertial>
                <collision name='c'><geometry><mesh><uri>sphere.stl</uri></mesh></geometry></collision></link></model>
                <model name='rock'><static>true</static><link name='l'>
                <collision name='c'><geometry><mesh><uri>sphere.stl</uri></mesh></geometry></collision></link></model>
                </world></sdf>""");
        SdfReader reader = new SdfReader(List.of(), SdfLimits.DEFAULT, new MeshLoader(MeshLimits.DEFAULT));
        WorldSpec spec = reader.read(world);
        for (Engine engine : Engine.values()) {
            double[] builds = new double[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                start = System.nanoTime();
                PhysicsWorld w = engine.create().build(spec);
                builds[i] = ms(start);
                w.close();
            }
            System.out.printf(
                    Locale.ROOT,
                    "  %s: build (hull and triangle mesh of it): first %.0f ms, median %.0f ms" + " of %d%n",
                    engine,
                    builds[0],
                    median(builds),
                    ROUNDS);
        }
    }

    private static double ms(long start) {
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
