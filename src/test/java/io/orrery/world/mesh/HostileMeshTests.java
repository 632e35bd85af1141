package io.orrery.world.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 item 2: a COLLADA file with 1,000 nested nodes (14 KB), or a glTF whose JSON nests 30,000 deep (60 KB),
 * killed the JVM with SIGSEGV inside Assimp. Orrery now bounds the depth and size of what a mesh file holds before the
 * native library reads it ({@link MeshPreScan}), and refuses beyond the bounds naming what and where. The files that
 * crashed are read in a JVM of their own, so that a crash fails this test instead of ending the test run.
 */
class HostileMeshTests {

    @TempDir
    Path dir;

    private final MeshLoader loader = new MeshLoader(MeshLimits.DEFAULT);

    @Test
    void theFilesThatKilledTheJvmAreRefusedInstead() throws Exception {
        List<Path> files = List.of(
                HostileMeshes.nestedColladaNodes(dir.resolve("nested_1000_nodes.dae"), 1000),
                HostileMeshes.deepGltfJson(dir.resolve("json_30000_deep.gltf"), 30_000),
                HostileMeshes.gltfNodeChain(dir.resolve("chain_30000_nodes.gltf"), 30_000),
                HostileMeshes.colladaInstanceCycle(dir.resolve("instance_cycle.dae")),
                HostileMeshes.deepGlbJson(dir.resolve("json_30000_deep.glb"), 30_000),
                // each library node instanced twice by the one before: 2^20 nodes from a few kilobytes
                HostileMeshes.colladaInstanceFanOut(dir.resolve("fan_out.dae"), 20));
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xss256k", // the smallest stack a caller might have: the loader must not depend on it
                "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                GuardedLoad.class.getName()));
        files.forEach(f -> command.add(f.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try (var in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue())
                .as("the child JVM survived every file:%n%s", out)
                .isZero();
        for (Path f : files) {
            assertThat(out).as(out).contains("refused " + f + ": ");
        }
        assertThat(out).contains("COLLADA elements nest more than 256 deep");
        assertThat(out).contains("JSON nests more than 64 deep");
        assertThat(out).contains("nodes nest more than 256 deep");
        assertThat(out).contains("nodes instance each other in a cycle");
        assertThat(out).contains("more than 100000 nodes once instanced");
    }

    private MeshException refused(Path file) {
        MeshException e = catchThrowableOfType(MeshException.class, () -> loader.mesh(file, ONE, null, false));
        assertThat(e).as("refused: %s", file).isNotNull();
        return e;
    }

    private static final double[] ONE = {1, 1, 1};

    @Test
    void nestingUpToTheBoundIsReadAndOneMoreIsRefused() {
        // 256 COLLADA elements deep: <COLLADA> <library_visual_scenes> <visual_scene>, then nodes, then the instance
        assertThat(loader.mesh(HostileMeshes.nestedColladaNodes(dir.resolve("a.dae"), 252), ONE, null, false)
                        .triangleCount())
                .isEqualTo(1);
        assertThat(refused(HostileMeshes.nestedColladaNodes(dir.resolve("b.dae"), 253))
                        .getMessage())
                .contains("COLLADA elements nest more than 256 deep", "line ");
        assertThat(loader.mesh(HostileMeshes.gltfNodeChain(dir.resolve("a.gltf"), 255), ONE, null, false)
                        .triangleCount())
                .isEqualTo(1);
        assertThat(refused(HostileMeshes.gltfNodeChain(dir.resolve("b.gltf"), 256))
                        .getMessage())
                .contains("glTF nodes nest more than 256 deep");
        // the top-level object, then "extras" and its arrays
        assertThat(loader.mesh(HostileMeshes.deepGltfJson(dir.resolve("c.gltf"), 63), ONE, null, false)
                        .triangleCount())
                .isEqualTo(1);
        assertThat(refused(HostileMeshes.deepGltfJson(dir.resolve("d.gltf"), 64))
                        .getMessage())
                .contains("JSON nests more than 64 deep", "line ");
    }

    @Test
    void aCycleOfGltfNodesIsRefusedBeforeTheMeshLibraryMeetsIt() {
        assertThat(refused(HostileMeshes.gltfNodeCycle(dir.resolve("cycle.gltf")))
                        .getMessage())
                .contains("glTF nodes are each other's children in a cycle");
    }

    @Test
    void aCountBeyondWhatTheTriangleBoundAllowsIsRefusedBeforeAssimpAllocatesIt() {
        assertThat(refused(HostileMeshes.colladaHugeCount(dir.resolve("count.dae"), 2_000_000_000L))
                        .getMessage())
                .contains("count=\"2000000000\"", "more than 32000000");
    }

    @Test
    void aFileWhoseContentIsNotItsFormatOrAFormatOrreryDoesNotReadIsRefused() throws IOException {
        Path dae = HostileMeshes.nestedColladaNodes(dir.resolve("x.dae"), 2);
        Path disguised = java.nio.file.Files.copy(dae, dir.resolve("x.stl"));
        assertThat(refused(disguised).getMessage()).contains("holds XML", ".stl");
        Path fbx = java.nio.file.Files.copy(dae, dir.resolve("x.fbx"));
        assertThat(refused(fbx).getMessage()).contains(".fbx", "STL, COLLADA, OBJ and glTF");
    }
}
