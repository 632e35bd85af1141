package io.orrery.world.mesh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33 item 7: the mesh library opened whatever a mesh file named. Now every file it opens goes through
 * {@link ConfinedFileIO}: inside the mesh's model directory, links resolved, or not at all. An OBJ's material library
 * outside is never opened (the mesh reads on without it, as Assimp does without a missing one); one inside is.
 */
class ConfinedFileIOTests {

    @TempDir
    Path dir;

    private static final String TRIANGLE = "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl m\nf 1 2 3\n";

    @Test
    void aMaterialLibraryOutsideTheModelIsNeverOpened() throws Exception {
        Path model = Files.createDirectories(dir.resolve("models/crate/meshes"));
        Files.writeString(dir.resolve("secret.mtl"), "newmtl m\nKd 1 0 0\n");
        Files.createSymbolicLink(model.resolve("linked.mtl"), dir.resolve("secret.mtl"));
        Files.writeString(model.resolve("inside.mtl"), "newmtl m\nKd 0 1 0\n");
        Path root = dir.resolve("models/crate").toRealPath();
        Path secret = dir.resolve("secret.mtl").toRealPath();
        for (String library : new String[] {"../../../secret.mtl", "linked.mtl", secret.toString()}) {
            Path obj = Files.writeString(model.resolve("tri.obj"), "mtllib " + library + "\n" + TRIANGLE);
            AssimpReader.Import read = AssimpReader.confined(obj, root, 1000, 1 << 20);
            assertThat(read.parts()).as(library).hasSize(1);
            assertThat(read.opened())
                    .as(library)
                    .allMatch(p -> p.startsWith(root))
                    .doesNotContain(secret);
            if (!library.equals(secret.toString())) {
                // Assimp joins an absolute name to the OBJ's directory, a file that does not exist; the others it
                // asks for by a name that leads out, which is refused
                assertThat(read.refused())
                        .as(library)
                        .anySatisfy(name -> assertThat(name).endsWith(".mtl"));
            }
        }
        Path obj = Files.writeString(model.resolve("tri.obj"), "mtllib inside.mtl\n" + TRIANGLE);
        AssimpReader.Import read = AssimpReader.confined(obj, root, 1000, 1 << 20);
        assertThat(read.refused()).isEmpty();
        assertThat(read.opened()).contains(model.resolve("inside.mtl").toRealPath());
        assertThat(read.parts().get(0).indices()).containsExactly(0, 1, 2);
    }

    @Test
    void theMeshItselfOutsideTheRootIsNotOpened() throws Exception {
        Path obj = Files.writeString(dir.resolve("tri.obj"), TRIANGLE);
        Path root = Files.createDirectories(dir.resolve("elsewhere")).toRealPath();
        MeshException e =
                catchThrowableOfType(MeshException.class, () -> AssimpReader.confined(obj, root, 1000, 1 << 20));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("not a mesh Assimp can read");
    }
}
