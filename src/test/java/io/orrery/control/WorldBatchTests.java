package io.orrery.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.physics.Engine;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * worlds/cartpole.sdf under worlds/cartpole.task.yaml, many copies: a world's episodes are the same bits whatever N,
 * the pool's size and its neighbours; resets draw from the world's own seed; the autoreset modes do what Gymnasium's
 * do.
 */
class WorldBatchTests {

    static final WorldSpec CARTPOLE = new SdfReader(List.of()).read(Path.of("worlds/cartpole.sdf"));
    static final Task TASK = TaskReader.read(Path.of("worlds/cartpole.task.yaml"));

    static WorldBatch batch(int n, int threads) {
        return batch(Engine.JBULLET, n, threads);
    }

    static WorldBatch batch(Engine engine, int n, int threads) {
        return new WorldBatch(CARTPOLE, engine.create(), TASK, n, 100, threads);
    }

    /** A push that depends on the world's observation, so a difference anywhere shows in every later step. */
    static void controller(BatchResult r, float[] actions) {
        for (int k = 0; k < r.n; k++) {
            float theta = r.observations[k * 4 + 2];
            float thetaDot = r.observations[k * 4 + 3];
            actions[k] = 40 * theta + 5 * thetaDot + (k % 3 - 1);
        }
    }

    /** Hashes world k's observations and rewards for 600 steps (more than one episode), reset with seed 7 + k. */
    static List<Long> episodes(Engine engine, int n, int threads, Autoreset mode) {
        try (WorldBatch b = batch(engine, n, threads)) {
            int[] ids = b.claim("test", n);
            BatchResult r = b.result(n);
            Long[] seeds = new Long[n];
            for (int k = 0; k < n; k++) {
                seeds[k] = 7L + k;
            }
            b.reset(ids, seeds, null, r);
            CRC32[] crc = new CRC32[n];
            for (int k = 0; k < n; k++) {
                crc[k] = new CRC32();
            }
            float[] actions = new float[n];
            for (int step = 0; step < 600; step++) {
                controller(r, actions);
                b.step(ids, actions, mode, r);
                for (int k = 0; k < n; k++) {
                    for (int j = 0; j < 4; j++) {
                        int bits = Float.floatToRawIntBits(r.observations[k * 4 + j]);
                        crc[k].update(
                                new byte[] {(byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24)});
                    }
                    crc[k].update((int) Double.doubleToRawLongBits(r.rewards[k]));
                    crc[k].update((r.terminated[k] ? 1 : 0) | (r.truncated[k] ? 2 : 0));
                }
            }
            List<Long> hashes = new ArrayList<>();
            for (CRC32 c : crc) {
                hashes.add(c.getValue());
            }
            return hashes;
        }
    }

    /** On both engines: native Bullet is the default, and its resets keep the emptied native world. */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aWorldsEpisodesAreTheSameBitsWhateverNAndThePool(Engine engine) {
        List<Long> alone = episodes(engine, 1, 1, Autoreset.NEXT_STEP);
        List<Long> eight = episodes(engine, 8, 1, Autoreset.NEXT_STEP);
        List<Long> eightOnThree = episodes(engine, 8, 3, Autoreset.NEXT_STEP);
        List<Long> eightOnEight = episodes(engine, 8, 8, Autoreset.NEXT_STEP);
        assertThat(eight.get(0)).as("world 0 of 8 against world 0 alone").isEqualTo(alone.get(0));
        assertThat(eightOnThree).as("8 worlds on 3 threads against 1").isEqualTo(eight);
        assertThat(eightOnEight).as("8 worlds on 8 threads against 1").isEqualTo(eight);
        assertThat(eight.stream().distinct().count())
                .as("different seeds, different episodes")
                .isEqualTo(8);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void worldsWithTheSameSeedAndActionsStepTheSameBitsWhateverTheirIndexAndHistory(Engine engine) {
        try (WorldBatch b = batch(engine, 3, 1)) {
            int[] ids = b.claim("test", 3);
            BatchResult r = b.result(3);
            float[] actions = new float[3];
            b.reset(ids, new Long[] {9L, 4L, 4L}, null, r);
            for (int step = 0; step < 50; step++) {
                controller(r, actions);
                b.step(ids, actions, Autoreset.NEXT_STEP, r); // world 0 has a history of its own
            }
            b.reset(ids, new Long[] {4L, 4L, 4L}, null, r);
            for (int step = 0; step < 300; step++) {
                for (int k = 0; k < 3; k++) {
                    float theta = r.observations[k * 4 + 2];
                    actions[k] = 40 * theta + 5 * r.observations[k * 4 + 3];
                }
                b.step(ids, actions, Autoreset.NEXT_STEP, r);
                assertThat(java.util.Arrays.copyOfRange(r.observations, 0, 4))
                        .as("step %d: world 0, after another episode, against world 2", step)
                        .isEqualTo(java.util.Arrays.copyOfRange(r.observations, 8, 12));
                assertThat(java.util.Arrays.copyOfRange(r.observations, 4, 8))
                        .as("step %d: world 1 against world 2", step)
                        .isEqualTo(java.util.Arrays.copyOfRange(r.observations, 8, 12));
            }
        }
    }

    @Test
    void resetsDrawTheStartFromTheWorldsOwnSeed() {
        try (WorldBatch b = batch(3, 1)) {
            int[] ids = b.claim("test", 3);
            BatchResult r = b.result(3);
            b.reset(ids, new Long[] {5L, 5L, 6L}, null, r);
            float[] first = r.observations.clone();
            assertThat(java.util.Arrays.copyOfRange(first, 0, 4)).isEqualTo(java.util.Arrays.copyOfRange(first, 4, 8));
            assertThat(java.util.Arrays.copyOfRange(first, 0, 4))
                    .isNotEqualTo(java.util.Arrays.copyOfRange(first, 8, 12));
            for (int k = 0; k < 3; k++) {
                // CartPole draws all four from U(-0.05, 0.05); the rates are read back through float32 links (JBullet),
                // 1e-6 of rounding at most on 0.05 m/s.
                assertThat(Math.abs(first[k * 4]))
                        .as("x within CartPole's ±0.05")
                        .isLessThan(0.05f);
                assertThat(Math.abs(first[k * 4 + 1])).as("x_dot within ±0.05").isLessThan(0.05f + 1e-6f);
                assertThat(Math.abs(first[k * 4 + 2])).as("theta within ±0.05").isLessThan(0.05f);
                assertThat(Math.abs(first[k * 4 + 3]))
                        .as("theta_dot within ±0.05")
                        .isLessThan(0.05f + 1e-6f);
                assertThat(first[k * 4 + 1])
                        .as("the cart does not start at rest")
                        .isNotZero();
                assertThat(first[k * 4 + 3])
                        .as("the pole does not start at rest")
                        .isNotZero();
            }
            assertThat(new float[] {first[1], first[3]})
                    .as("seed 5's velocities, the same bits in two worlds")
                    .isEqualTo(new float[] {first[5], first[7]});
            assertThat(first[1]).as("seed 6 draws another cart speed").isNotEqualTo(first[9]);
            assertThat(first[3]).as("seed 6 draws another pole rate").isNotEqualTo(first[11]);
            b.reset(ids, new Long[] {null, 5L, null}, new boolean[] {true, false, false}, r);
            assertThat(java.util.Arrays.copyOfRange(r.observations, 0, 4))
                    .as("world 0's generator goes on: another start")
                    .isNotEqualTo(java.util.Arrays.copyOfRange(first, 0, 4));
            assertThat(java.util.Arrays.copyOfRange(r.observations, 4, 12))
                    .as("worlds the mask leaves out keep their state")
                    .isEqualTo(java.util.Arrays.copyOfRange(first, 4, 12));
        }
    }

    @Test
    void nextStepResetsOnTheStepAfterTheEndWithRewardZero() {
        try (WorldBatch b = batch(1, 1)) {
            int[] ids = b.claim("test", 1);
            BatchResult r = b.result(1);
            b.reset(ids, new Long[] {1L}, null, r);
            int steps = 0;
            do {
                b.step(ids, new float[] {10}, Autoreset.NEXT_STEP, r); // always pushing right: the pole falls
                steps++;
                assertThat(r.rewards[0]).isEqualTo(1.0);
            } while (!r.terminated[0] && steps < 500);
            assertThat(r.terminated[0]).as("terminated within 500 steps").isTrue();
            assertThat(Math.abs(r.observations[2]) > 0.2094f || Math.abs(r.observations[0]) > 2.4f)
                    .isTrue();
            b.step(ids, new float[] {10}, Autoreset.NEXT_STEP, r);
            assertThat(r.rewards[0]).as("the reset step's reward").isZero();
            assertThat(r.terminated[0] || r.truncated[0]).isFalse();
            assertThat(Math.abs(r.observations[2])).as("a fresh start").isLessThan(0.05f);
            assertThat(Math.abs(r.observations[3]))
                    .as("a fresh start's pole rate, ±0.05 and float32 rounding")
                    .isLessThan(0.05f + 1e-6f);
        }
    }

    @Test
    void sameStepResetsAtOnceKeepingTheFinalObservation() {
        try (WorldBatch b = batch(1, 1)) {
            int[] ids = b.claim("test", 1);
            BatchResult r = b.result(1);
            b.reset(ids, new Long[] {1L}, null, r);
            do {
                b.step(ids, new float[] {10}, Autoreset.SAME_STEP, r);
            } while (!r.terminated[0]);
            assertThat(r.finals[0]).isTrue();
            assertThat(Math.abs(r.finalObservations[2]) > 0.2094f || Math.abs(r.finalObservations[0]) > 2.4f)
                    .as("the final observation is out of bounds")
                    .isTrue();
            assertThat(Math.abs(r.observations[2]))
                    .as("the observation is the reset's")
                    .isLessThan(0.05f);
        }
    }

    @Test
    void disabledRefusesToStepAnEndedWorldUntilItIsReset() {
        try (WorldBatch b = batch(2, 1)) {
            int[] ids = b.claim("test", 2);
            BatchResult r = b.result(2);
            b.reset(ids, null, null, r);
            do {
                b.step(ids, new float[] {10, 0}, Autoreset.DISABLED, r);
            } while (!r.terminated[0]);
            assertThatThrownBy(() -> b.step(ids, new float[] {0, 0}, Autoreset.DISABLED, r))
                    .isInstanceOf(WorldsHeldException.class)
                    .hasMessageContaining("worlds [0] ended");
            b.reset(ids, null, new boolean[] {true, false}, r);
            b.step(ids, new float[] {0, 0}, Autoreset.DISABLED, r);
            assertThat(r.rewards).containsExactly(1.0, 1.0);
        }
    }

    @Test
    void aConnectionHoldsItsWorldsAndOthersGetTheFreeOnes() {
        try (WorldBatch b = batch(4, 1)) {
            assertThat(b.claim("a", 3)).containsExactly(0, 1, 2);
            assertThatThrownBy(() -> b.claim("b", 2))
                    .isInstanceOf(WorldsHeldException.class)
                    .hasMessageContaining("asked for 2 worlds, 1 of the 4 are free");
            assertThatThrownBy(() -> b.claim("b", List.of("1"))).hasMessageContaining("world 1 is held by a");
            assertThatThrownBy(() -> b.claim("b", List.of("9"))).hasMessageContaining("the worlds are 0 to 3");
            b.release("a");
            assertThat(b.claim("b", List.of("2", "0"))).containsExactly(2, 0);
        }
    }
}
