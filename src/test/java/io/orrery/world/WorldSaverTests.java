package io.orrery.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.world.WorldSaveException.Reason;
import io.orrery.world.WorldSaver.SaveOptions;
import io.orrery.world.sdf.SdfReader;
import io.orrery.world.sdf.SdfWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorldSaverTests {

    static final String WORLD = "<?xml version=\"1.0\"?>\n<sdf version=\"1.9\"><world name=\"w\"/></sdf>\n";

    @TempDir
    Path root;

    Path worlds;
    Path outside;
    WorldSaver saver;

    @BeforeEach
    void directories() throws IOException {
        worlds = Files.createDirectory(root.resolve("worlds"));
        outside = Files.createDirectory(root.resolve("outside"));
        saver = new WorldSaver(worlds);
    }

    /** Every file and directory under {@code dir}, relative to it, sorted. */
    static List<String> tree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir))
                    .map(p -> dir.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }

    WorldSaveException invalid(String target) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> saver.save(WORLD, Path.of(target), SaveOptions.noSource()));
        assertThat(thrown).isInstanceOf(WorldSaveException.class);
        WorldSaveException e = (WorldSaveException) thrown;
        assertThat(e.reason()).isEqualTo(Reason.INVALID);
        assertThatThrownBy(() -> saver.resolveForLoad(target))
                .isInstanceOfSatisfying(
                        WorldSaveException.class,
                        load -> assertThat(load.reason()).isEqualTo(Reason.INVALID));
        return e;
    }

    WorldSaveException refused(String target) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> saver.save(WORLD, Path.of(target), SaveOptions.noSource()));
        assertThat(thrown).isInstanceOf(WorldSaveException.class).hasMessageContaining(target);
        WorldSaveException e = (WorldSaveException) thrown;
        assertThat(e.reason()).isEqualTo(Reason.REFUSED);
        assertThat(e.requested()).isEqualTo(target);
        return e;
    }

    @Test
    void savesInsideTheWorldsDirectoryCreatingParents() throws IOException {
        Path planned = saver.resolveForSave(Path.of("team/day1/run.sdf"));
        assertThat(tree(worlds)).as("resolving writes nothing").isEmpty();

        Path written = saver.save(WORLD, Path.of("team/day1/run.sdf"), SaveOptions.noSource());

        assertThat(written).isEqualTo(planned);
        assertThat(written).isEqualTo(worlds.toAbsolutePath().resolve("team/day1/run.sdf"));
        assertThat(Files.readString(written)).isEqualTo(WORLD);
        assertThat(tree(worlds)).containsExactly("team", "team/day1", "team/day1/run.sdf");
    }

    @Test
    void replacesAnExistingWorldKeepingItsPermissions() throws IOException {
        Path existing = Files.writeString(worlds.resolve("w.sdf"), "old");
        Files.setPosixFilePermissions(existing, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-r--"));

        saver.save(WORLD, Path.of("w.sdf"), SaveOptions.noSource());

        assertThat(Files.readString(existing)).isEqualTo(WORLD);
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(existing)))
                .isEqualTo("rw-rw-r--");
        assertThat(tree(worlds)).containsExactly("w.sdf");
    }

    @Test
    void namesWithDotDotAbsolutePathsNulAndOverLongNamesAreInvalidWithNothingWritten() throws IOException {
        assertThat(invalid("../../etc/passwd")).hasMessageContaining("'..' is not allowed");
        assertThat(invalid("../outside/escape.sdf")).hasMessageContaining("'..' is not allowed");
        assertThat(invalid("a/../../outside/escape.sdf")).hasMessageContaining("'..' is not allowed");
        assertThat(invalid("a/../inside.sdf")).as("even one that stays inside").hasMessageContaining("'..'");
        assertThat(invalid(outside.resolve("abs.sdf").toAbsolutePath().toString()))
                .hasMessageContaining("absolute paths are not allowed");
        assertThat(invalid("x".repeat(252) + ".sdf")).hasMessageContaining("longer than 255 bytes");
        assertThat(invalid("\u00e9".repeat(127) + ".sdf"))
                .as("255 characters, 258 bytes")
                .hasMessageContaining("longer than 255 bytes");
        assertThat(invalid("a/".repeat(600) + "w.sdf")).hasMessageContaining("at most 1024 are allowed");
        assertThatThrownBy(() -> WorldSaver.relativePath("bad\0name.sdf"))
                .isInstanceOfSatisfying(
                        WorldSaveException.class, e -> assertThat(e.reason()).isEqualTo(Reason.INVALID))
                .hasMessageContaining("NUL characters are not allowed");
        assertThatThrownBy(() -> WorldSaver.relativePath(" ")).hasMessageContaining("the path is empty");
        assertThat(refused(".")).hasMessageContaining("itself, not a file");
        assertThatThrownBy(() -> saver.resolveForSave(Path.of("../escape.sdf")))
                .isInstanceOf(WorldSaveException.class)
                .hasMessageContaining("'..' is not allowed");
        saver.save(WORLD, Path.of("x".repeat(251) + ".sdf"), SaveOptions.noSource()); // 255 bytes: allowed
        Files.delete(worlds.resolve("x".repeat(251) + ".sdf"));

        assertThat(tree(outside)).isEmpty();
        assertThat(tree(worlds)).isEmpty();
        assertThat(tree(root)).containsExactly("outside", "worlds");
    }

    @Test
    void symbolicLinksLeadingOutAreRefusedWithNothingWritten() throws IOException {
        Files.createSymbolicLink(worlds.resolve("link"), outside);
        Path victim = Files.writeString(outside.resolve("victim.sdf"), "precious");
        Files.createSymbolicLink(worlds.resolve("evil.sdf"), victim);
        Files.createSymbolicLink(worlds.resolve("dangling.sdf"), outside.resolve("nothing.sdf"));

        assertThat(refused("link/w.sdf")).hasMessageContaining("leads out of the worlds directory");
        assertThat(refused("link/new/dir/w.sdf")).hasMessageContaining("leads out of the worlds directory");
        assertThat(refused("evil.sdf")).hasMessageContaining("leads out of the worlds directory");
        assertThat(refused("dangling.sdf")).hasMessageContaining("cannot be resolved");

        assertThat(tree(outside)).containsExactly("victim.sdf");
        assertThat(Files.readString(victim)).isEqualTo("precious");
        assertThat(tree(worlds)).containsExactly("dangling.sdf", "evil.sdf", "link");
    }

    @Test
    void aLinkThatStaysInsideIsFollowed() throws IOException {
        Files.createDirectory(worlds.resolve("real"));
        Files.createSymbolicLink(worlds.resolve("alias"), worlds.resolve("real"));

        saver.save(WORLD, Path.of("alias/w.sdf"), SaveOptions.noSource());

        assertThat(Files.readString(worlds.resolve("real/w.sdf"))).isEqualTo(WORLD);
    }

    @Test
    void aSaveReplacesALinkAtTheTargetAndNeverWritesThroughIt() throws IOException {
        Path linked = Files.writeString(worlds.resolve("kept.sdf"), "kept");
        Files.createSymbolicLink(worlds.resolve("link.sdf"), linked);

        saver.save(WORLD, Path.of("link.sdf"), SaveOptions.noSource());

        assertThat(Files.isSymbolicLink(worlds.resolve("link.sdf"))).isFalse();
        assertThat(Files.readString(worlds.resolve("link.sdf"))).isEqualTo(WORLD);
        assertThat(Files.readString(linked)).isEqualTo("kept");
    }

    @Test
    void temporaryFilesOfKilledSavesAreRemovedAndNeverLoaded() throws IOException {
        Files.createDirectories(worlds.resolve("deep/er"));
        String name = ".orrery-save-" + java.util.UUID.randomUUID() + ".tmp";
        Path top = Files.writeString(worlds.resolve(name), "half a wor");
        Path deep = Files.writeString(worlds.resolve("deep/er").resolve(name), "half");
        Path user = Files.writeString(worlds.resolve("notes.tmp"), "a user's own file");
        Files.createSymbolicLink(worlds.resolve("out"), outside);
        Path beyond = Files.writeString(outside.resolve(name), "not ours");

        assertLoadRefused(name, Reason.REFUSED, "must end in .sdf or .world");
        assertThat(saver.removeLeftoverTemporaries()).containsExactlyInAnyOrder(top, deep);

        assertThat(top).doesNotExist();
        assertThat(deep).doesNotExist();
        assertThat(user).exists();
        assertThat(beyond).exists();
    }

    @Test
    void onlyWorldFilesAreWritten() throws IOException {
        assertThat(refused("notes.txt")).hasMessageContaining(".sdf or .world");
        assertThat(refused("dir/.sdf")).hasMessageContaining(".sdf or .world");
        saver.save(WORLD, Path.of("classic.WORLD"), SaveOptions.noSource());
        assertThat(tree(worlds)).containsExactly("classic.WORLD");
    }

    @Test
    void aDirectoryIsNotReplaced() throws IOException {
        Files.createDirectory(worlds.resolve("taken.sdf"));

        assertThat(refused("taken.sdf")).hasMessageContaining("is a directory");

        assertThat(Files.isDirectory(worlds.resolve("taken.sdf"))).isTrue();
        assertThat(tree(worlds)).containsExactly("taken.sdf");
    }

    @Test
    void aSaveThatFailsHalfwayLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path existing = Files.writeString(worlds.resolve("w.sdf"), "old world");
        WorldSaver failing = new WorldSaver(worlds, (file, content) -> {
            Files.write(file, java.util.Arrays.copyOf(content, content.length / 2));
            throw new IOException("disk full");
        });

        assertThatThrownBy(() -> failing.save(WORLD, Path.of("w.sdf"), SaveOptions.noSource()))
                .isInstanceOfSatisfying(WorldSaveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(Reason.FAILED);
                    assertThat(e)
                            .hasMessageContaining("w.sdf")
                            .hasMessageContaining("disk full")
                            .hasMessageContaining("the old file is unchanged");
                });

        assertThat(Files.readString(existing)).isEqualTo("old world");
        assertThat(tree(worlds)).containsExactly("w.sdf");
    }

    @Test
    void aFailedSaveRemovesTheDirectoriesItCreated() throws IOException {
        Files.createDirectory(worlds.resolve("team"));
        WorldSaver failing = new WorldSaver(worlds, (file, content) -> {
            Files.write(file, content);
            throw new IllegalStateException("stream closed");
        });

        assertThatThrownBy(() -> failing.save(WORLD, Path.of("team/new/deeper/w.sdf"), SaveOptions.noSource()))
                .isInstanceOfSatisfying(
                        WorldSaveException.class, e -> assertThat(e.reason()).isEqualTo(Reason.FAILED));

        assertThat(tree(worlds)).containsExactly("team");
    }

    @Test
    void theSourceWorldIsOverwrittenOnlyWhenAsked() throws IOException {
        Path source = Files.writeString(worlds.resolve("source.sdf"), "original");
        Files.createSymbolicLink(worlds.resolve("alias.sdf"), source);
        SaveOptions protecting = SaveOptions.protecting(source);

        for (String spelling : List.of("source.sdf", "./source.sdf", "alias.sdf")) {
            assertThatThrownBy(() -> saver.save(WORLD, Path.of(spelling), protecting))
                    .isInstanceOf(WorldSaveException.class)
                    .hasMessageContaining(spelling)
                    .hasMessageContaining("source file");
        }
        assertThat(Files.readString(source)).isEqualTo("original");

        saver.save(WORLD, Path.of("source.sdf"), protecting.overwritingSource());

        assertThat(Files.readString(source)).isEqualTo(WORLD);
    }

    @Test
    void aMissingWorldsDirectoryIsNamed() {
        WorldSaver nowhere = new WorldSaver(root.resolve("missing"));

        assertThatThrownBy(() -> nowhere.save(WORLD, Path.of("w.sdf"), SaveOptions.noSource()))
                .isInstanceOf(WorldSaveException.class)
                .hasMessageContaining("missing")
                .hasMessageContaining("worlds directory");
    }

    @Test
    void loadingFollowsTheSameRules() throws IOException {
        Files.createDirectory(worlds.resolve("team"));
        Path file = Files.writeString(worlds.resolve("team/w.sdf"), WORLD);
        Files.writeString(outside.resolve("secret.sdf"), WORLD);
        Files.createSymbolicLink(worlds.resolve("out.sdf"), outside.resolve("secret.sdf"));
        Files.createDirectory(worlds.resolve("dir.sdf"));

        assertThat(saver.resolveForLoad("team/w.sdf")).isEqualTo(file.toRealPath());
        assertThat(saver.resolveForLoad("team/./w.sdf")).isEqualTo(file.toRealPath());
        assertLoadRefused("team/../team/w.sdf", Reason.INVALID, "'..' is not allowed");
        assertLoadRefused("../outside/secret.sdf", Reason.INVALID, "'..' is not allowed");
        assertLoadRefused(outside.resolve("secret.sdf").toString(), Reason.INVALID, "absolute");
        assertLoadRefused("out.sdf", Reason.REFUSED, "leads out of the worlds directory");
        assertLoadRefused("dir.sdf", Reason.REFUSED, "not a regular file");
        assertLoadRefused("team/none.sdf", Reason.NOT_FOUND, "does not exist");
        assertLoadRefused("bad\0name.sdf", Reason.INVALID, "NUL characters are not allowed");
    }

    void assertLoadRefused(String relative, Reason reason, String rule) {
        assertThatThrownBy(() -> saver.resolveForLoad(relative)).isInstanceOfSatisfying(WorldSaveException.class, e -> {
            assertThat(e.reason()).isEqualTo(reason);
            assertThat(e).hasMessageContaining(rule);
        });
    }

    @Test
    void aWrittenWorldIsSavedAndLoadedBack() throws IOException {
        Path sourceFile = Files.writeString(worlds.resolve("start.sdf"), """
                <sdf version="1.9"><world name="w">
                  <!-- moved at runtime -->
                  <model name="box"><pose>0 0 1 0 0 0</pose><link name="l"/></model>
                </world></sdf>
                """);
        SdfReader reader = new SdfReader(List.of());
        WorldSpec world = reader.read(sourceFile);
        WorldState state = new WorldState(
                Optional.empty(),
                List.of(ModelSnapshot.loaded("box", Pose.of(2, 0, 0.5, 0, 0, 1), true)),
                Optional.empty());

        Path saved = saver.save(
                new SdfWriter().write(world, state), Path.of("runs/moved.sdf"), SaveOptions.protecting(world.source()));
        WorldSpec reloaded = reader.read(saver.resolveForLoad("runs/moved.sdf"));

        assertThat(saved.getFileName().toString()).isEqualTo("moved.sdf");
        assertThat(Files.readString(saved, StandardCharsets.UTF_8)).startsWith("<?xml version=\"1.0\"?>\n");
        ModelSpec box = reloaded.model("box").orElseThrow();
        assertThat(box.isStatic()).isTrue();
        assertThat(box.pose().position()).isEqualTo(new Vec3(2, 0, 0.5));
        assertThat(box.pose().yaw()).isCloseTo(1, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(Files.readString(sourceFile)).contains("<pose>0 0 1 0 0 0</pose>");
    }
}
