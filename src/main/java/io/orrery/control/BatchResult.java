package io.orrery.control;

import java.util.Arrays;

/**
 * What a batch step or reset gives, a row per world in the order the batch named them: observations ({@code n ×
 * width} floats), rewards, terminated and truncated flags, and, in same-step autoreset, which worlds ended and their
 * final observations. Reused from batch to batch by one connection.
 */
public final class BatchResult {

    public final int n;
    public final int width;
    public final float[] observations;
    public final double[] rewards;
    public final boolean[] terminated;
    public final boolean[] truncated;
    public final boolean[] finals;
    public final float[] finalObservations;

    BatchResult(int n, int width) {
        this.n = n;
        this.width = width;
        this.observations = new float[n * width];
        this.rewards = new double[n];
        this.terminated = new boolean[n];
        this.truncated = new boolean[n];
        this.finals = new boolean[n];
        this.finalObservations = new float[n * width];
    }

    /** Whether any world ended and was reset in the last step (same-step mode). */
    public boolean anyFinal() {
        for (boolean f : finals) {
            if (f) {
                return true;
            }
        }
        return false;
    }

    void clear() {
        Arrays.fill(rewards, 0);
        Arrays.fill(terminated, false);
        Arrays.fill(truncated, false);
        if (anyFinal()) {
            Arrays.fill(finals, false);
            Arrays.fill(finalObservations, 0);
        }
    }
}
