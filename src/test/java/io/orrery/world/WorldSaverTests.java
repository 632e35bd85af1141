package io.orrery.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

import io.orrery.world.WorldSaveException.Reason;
import io.orrery.world.WorldSaver.SaveOptions;
import io.orrery.world.sdf.SdfReader;
import io.orrery.world.sdf.SdfWriter;

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
            return all.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
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
    void pathsThatLeaveTheWorldsDirectoryAreRefusedWithNothingWritten() throws IOException {
        assertThat(refused("../../etc/passwd")).hasMessageContaining("leaves the worlds directory");
        assertThat(refused("../outside/escape.sdf")).hasMessageContaining("leaves the worlds directory");
        assertThat(refused("a/../../outside/escape.sdf")).hasMessageContaining("leaves the worlds directory");
        assertThat(refused(outside.resolve("abs.sdf").toAbsolutePath().toString()))
                .hasMessageContaining("absolute paths are not allowed");
        assertThat(refused(".")).hasMessageContaining("itself, not a file");
        assertThatThrownBy(() -> saver.resolveForSave(Path.of("../escape.sdf")))
                .isInstanceOf(WorldSaveException.class).hasMessageContaining("leaves the worlds directory");

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
                    assertThat(e).hasMessageContaining("w.sdf").hasMessageContaining("disk full")
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
                .isInstanceOfSatisfying(WorldSaveException.class,
                        e -> assertThat(e.reason()).isEqualTo(Reason.FAILED));

        assertThat(tree(worlds)).containsExactly("team");
    }

    @Test
    void theSourceWorldIsOverwrittenOnlyWhenAsked() throws IOException {
        Path source = Files.writeString(worlds.resolve("source.sdf"), "original");
        Files.createSymbolicLink(worlds.resolve("alias.sdf"), source);
        SaveOptions protecting = SaveOptions.protecting(source);

        for (String spelling : List.of("source.sdf", "sub/../source.sdf", "alias.sdf")) {
            assertThatThrownBy(() -> saver.save(WORLD, Path.of(spelling), protecting))
                    .isInstanceOf(WorldSaveException.class)
                    .hasMessageContaining(spelling).hasMessageContaining("source file");
        }
        assertThat(Files.readString(source)).isEqualTo("original");

        saver.save(WORLD, Path.of("source.sdf"), protecting.overwritingSource());

        assertThat(Files.readString(source)).isEqualTo(WORLD);
    }

    @Test
    void aMissingWorldsDirectoryIsNamed() {
        WorldSaver nowhere = new WorldSaver(root.resolve("missing"));

        assertThatThrownBy(() -> nowhere.save(WORLD, Path.of("w.sdf"), SaveOptions.noSource()))
                .isInstanceOf(WorldSaveException.class).hasMessageContaining("missing")
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
        assertThat(saver.resolveForLoad("team/../team/w.sdf")).isEqualTo(file.toRealPath());
        assertLoadRefused("../outside/secret.sdf", Reason.REFUSED, "leaves the worlds directory");
        assertLoadRefused(outside.resolve("secret.sdf").toString(), Reason.REFUSED, "absolute");
        assertLoadRefused("out.sdf", Reason.REFUSED, "leads out of the worlds directory");
        assertLoadRefused("dir.sdf", Reason.REFUSED, "not a regular file");
        assertLoadRefused("team/none.sdf", Reason.NOT_FOUND, "does not exist");
        assertLoadRefused("bad\0name.sdf", Reason.REFUSED, "not a valid path");
    }

    void assertLoadRefused(String relative, Reason reason, String rule) {
        assertThatThrownBy(() -> saver.resolveForLoad(relative)).isInstanceOfSatisfying(WorldSaveException.class,
                e -> {
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
        WorldState state = new WorldState(Optional.empty(),
                List.of(ModelSnapshot.loaded("box", Pose.of(2, 0, 0.5, 0, 0, 1), true)), Optional.empty());

        Path saved = saver.save(new SdfWriter().write(world, state), Path.of("runs/moved.sdf"),
                SaveOptions.protecting(world.source()));
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
