package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.ModelSnapshot;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import io.orrery.world.WorldState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A world of many models saved as a big world is: the writer finds each model's snapshot by name (and each
 * {@code <include>} without a name by its line), so every model must come back at its own pose whatever the order
 * of the state, and a saved file saved again unchanged must be the same text.
 */
class BigWorldSaveTests {

    private static final int BOXES = 500;
    private static final int CRATES = 20;

    @TempDir
    Path dir;

    @Test
    void everyModelComesBackAtItsOwnSnapshotAndASavedFileSavesToItself() throws IOException {
        SdfReader reader = new SdfReader(List.of(SdfWriterTests.SAVE.resolve("models")));
        WorldSpec world = reader.read(Files.writeString(dir.resolve("big.sdf"), world()));
        assertThat(world.models()).hasSize(BOXES + CRATES);

        // every model moved somewhere of its own, the state in another order than the file, one box removed
        Random random = new Random(26);
        List<ModelSnapshot> moved = new ArrayList<>();
        for (ModelSpec model : world.models()) {
            if (!model.name().equals("box_7")) {
                Pose pose = Pose.of(random.nextDouble() * 100, random.nextDouble() * 100, random.nextDouble(), 0, 0, 0);
                moved.add(ModelSnapshot.loaded(model.name(), pose, random.nextBoolean()));
            }
        }
        Collections.shuffle(moved, random);
        WorldState state = new WorldState(Optional.empty(), moved, Optional.empty());

        SdfWriter writer = new SdfWriter();
        String text = writer.write(world, state);
        WorldSpec saved = reader.read(Files.writeString(dir.resolve("saved.sdf"), text));

        assertThat(saved.model("box_7")).isEmpty();
        assertThat(saved.models()).hasSize(moved.size());
        for (ModelSnapshot snapshot : moved) {
            ModelSpec back = saved.model(snapshot.name()).orElseThrow();
            SdfWriterTests.assertPose(back.pose(), snapshot.pose(), snapshot.name());
            assertThat(back.isStatic()).as(snapshot.name()).isEqualTo(snapshot.isStatic());
        }
        // the crates are still includes, the one without a name too
        assertThat(saved.models().stream().filter(m -> m.includeUri().isPresent()))
                .hasSize(CRATES);
        assertThat(new SdfWriter().write(saved, WorldState.unchanged(saved)))
                .as("the saved file saved again unchanged")
                .isEqualTo(text);
        // the writer keeps the world's parsed document between saves: each save starts from the file's, not
        // from the last save's edits
        String unchanged = writer.write(world, WorldState.unchanged(world));
        assertThat(reader.read(Files.writeString(dir.resolve("unchanged.sdf"), unchanged))
                        .model("box_7"))
                .isPresent();
        assertThat(unchanged).isEqualTo(new SdfWriter().write(world, WorldState.unchanged(world)));
        assertThat(writer.write(world, state)).as("the first save made again").isEqualTo(text);
    }

    /** Boxes, and crates included by name and one without (so found by its line), one model a line. */
    private static String world() {
        StringBuilder sdf = new StringBuilder("<?xml version=\"1.0\"?>\n<sdf version=\"1.9\">\n<world name=\"big\">\n");
        for (int i = 0; i < BOXES; i++) {
            sdf.append(String.format(
                    Locale.ROOT,
                    "<model name=\"box_%d\"><pose>%d 0 0.5 0 0 0</pose><link name=\"l\"><collision name=\"c\">"
                            + "<geometry><box><size>1 1 1</size></box></geometry></collision></link></model>\n",
                    i,
                    2 * i));
            if (i % (BOXES / CRATES) == 0) {
                // the first without a name (it takes the model's, "crate"), the others named
                String name = i == 0 ? "" : "<name>crate_" + i + "</name>";
                sdf.append("<include><uri>model://crate</uri>" + name + "<pose>" + i + " 5 0 0 0 0</pose></include>\n");
            }
        }
        return sdf.append("</world>\n</sdf>\n").toString();
    }
}
