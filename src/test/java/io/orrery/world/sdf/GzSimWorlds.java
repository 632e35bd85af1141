package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Gazebo Sim's example worlds, vendored in the repository's {@code worlds/gazebo} (see its README for their source
 * and licence). A test that needs the folder fails when it is missing, naming it, rather than being skipped.
 */
public final class GzSimWorlds {

    private static final Path FOLDER = Path.of("worlds/gazebo");

    private GzSimWorlds() {}

    /** The folder; fails the calling test when it is missing. */
    public static Path folder() {
        if (!Files.isDirectory(FOLDER)) {
            fail("Gazebo Sim's example worlds are missing: expected the folder "
                    + FOLDER.toAbsolutePath().normalize()
                    + " (worlds/gazebo in the repository; tests run from its root)");
        }
        return FOLDER;
    }

    /** Every {@code .sdf} world in the folder, sorted; fails the calling test when there is none. */
    public static List<Path> files() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(folder())) {
            files = list.filter(p -> p.toString().endsWith(".sdf")).sorted().toList();
        }
        assertThat(files)
                .as("the .sdf worlds in %s", FOLDER.toAbsolutePath().normalize())
                .isNotEmpty();
        return files;
    }
}
