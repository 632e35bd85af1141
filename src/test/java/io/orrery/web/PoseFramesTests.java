package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.Twist;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.web.PoseEncoderTests.Page;
import io.orrery.web.PoseStream.Frame;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Pose-stream frames made from snapshots that share the states of unchanged models with the snapshot before, as a
 * live world's do: each frame holds what a frame made from scratch holds, lists exactly the links that changed, and
 * clients that take every frame or skip some hold the latest values.
 */
class PoseFramesTests {

    private static ModelState model(String name, boolean isStatic, Pose... links) {
        List<LinkState> states = new ArrayList<>();
        for (int i = 0; i < links.length; i++) {
            states.add(new LinkState("link" + i, links[i], Twist.ZERO, false));
        }
        return new ModelState(name, links.length == 0 ? Pose.IDENTITY : links[0], Twist.ZERO, isStatic, states);
    }

    private static WorldSnapshot snapshot(long iteration, List<ModelState> models) {
        return new WorldSnapshot("w", iteration, iteration * 1_000_000, models, models.size());
    }

    /** A frame made from the snapshot alone. */
    private static Frame fromScratch(WorldSnapshot s) {
        return new PoseFrames().next(s);
    }

    @Test
    void aFrameAfterOneModelMovedListsItsLinksAndHoldsWhatAFreshFrameHolds() {
        List<ModelState> models = new ArrayList<>(List.of(
                model("ground", true, Pose.IDENTITY),
                model("a", false, Pose.translation(1, 0, 0.5)),
                model("b", false, Pose.translation(2, 0, 0.5), Pose.translation(2, 1, 0.5)),
                model("c", false, Pose.translation(3, 0, 0.5))));
        PoseFrames frames = new PoseFrames();
        WorldSnapshot first = snapshot(1, models);
        Frame f1 = frames.next(first);
        assertThat(f1.changed()).isNull(); // the first frame is whole
        assertThat(frames.next(first)).isSameAs(f1);

        // b's second link rose 2 cm; its first stayed where it was (a new state, the same pose).
        models.set(2, model("b", false, Pose.translation(2, 0, 0.5), Pose.translation(2, 1, 0.52)));
        WorldSnapshot second = snapshot(2, models);
        Frame f2 = frames.next(second);
        assertThat(f2.sequence()).isEqualTo(f1.sequence() + 1);
        assertThat(f2.key()).isEqualTo(f1.key());
        assertThat(f2.changed()).containsExactly(3); // ground 0, a 1, b 2 and 3, c 4
        assertThat(f2.values()).containsExactly(fromScratch(second).values());
        assertThat(f1.values()[3 * PoseStream.STRIDE + 2]).isEqualTo(500); // frames never change once made

        // A model made static is a new scene: a whole frame with a new key.
        models.set(3, model("c", true, Pose.translation(3, 0, 0.5)));
        Frame f3 = frames.next(snapshot(3, models));
        assertThat(f3.changed()).isNull();
        assertThat(f3.key()).isNotEqualTo(f2.key());
        // So is a model added.
        models.add(model("d", false, Pose.translation(4, 0, 0.5)));
        WorldSnapshot fourth = snapshot(4, models);
        Frame f4 = frames.next(fourth);
        assertThat(f4.changed()).isNull();
        assertThat(f4.key()).isEqualTo(fromScratch(fourth).key());
    }

    @Test
    void clientsTakingEveryFrameOrSkippingSomeHoldTheLatestValues() throws Exception {
        Random random = new Random(26);
        List<ModelState> models = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            models.add(model("m" + i, i == 0, Pose.translation(i, 0, 0.5), Pose.translation(i, 1, 0.5)));
        }
        PoseFrames frames = new PoseFrames();
        PoseEncoder everyFrame = new PoseEncoder();
        PoseEncoder busy = new PoseEncoder();
        Page steady = new Page();
        Page skipping = new Page();
        for (int step = 1; step <= 300; step++) {
            for (int change = random.nextInt(4); change > 0; change--) {
                int i = 1 + random.nextInt(models.size() - 1);
                Pose moved = Pose.of(random.nextInt(2000) / 1000.0, i, 0.5, 0, 0, random.nextInt(628) / 100.0);
                models.set(
                        i,
                        model(
                                "m" + i,
                                false,
                                moved,
                                models.get(i).links().get(1).pose()));
            }
            WorldSnapshot s = snapshot(step, models);
            Frame f = frames.next(s);
            int[] expected = fromScratch(s).values();
            assertThat(f.values()).as("step %d", step).containsExactly(expected);
            String json = everyFrame.next(f);
            if (json != null) {
                steady.apply(json);
            }
            assertThat(steady.ints).as("every frame, step %d", step).containsExactly(expected);
            if (random.nextInt(3) > 0) { // else the client was busy: this frame is coalesced into its next
                json = busy.next(f);
                if (json != null) {
                    skipping.apply(json);
                }
                assertThat(skipping.ints).as("skipping, step %d", step).containsExactly(expected);
            }
        }
    }
}
