package io.orrery.world.sdf;

/**
 * Bounds on what one read may hold, so a hostile or broken document fails with an {@link SdfException} instead
 * of exhausting memory or the stack.
 *
 * @param maxBytes the largest document in bytes (the world and each included file alike)
 * @param maxDepth the deepest nesting of XML elements in one document
 * @param maxModels the most models one read may produce, nested and included ones counted
 */
public record SdfLimits(long maxBytes, int maxDepth, int maxModels) {

    /** 64 MiB, elements 100 deep, 100,000 models: far above real worlds (Gazebo's 3k_shapes has 3,004 models). */
    public static final SdfLimits DEFAULT = new SdfLimits(64L * 1024 * 1024, 100, 100_000);

    public SdfLimits {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive, got " + maxBytes);
        }
        if (maxDepth < 8) {
            // <sdf><world><model><link><collision><geometry><box><size> is 8 deep
            throw new IllegalArgumentException("maxDepth must be at least 8, got " + maxDepth);
        }
        if (maxModels < 1) {
            throw new IllegalArgumentException("maxModels must be at least 1, got " + maxModels);
        }
    }

    /** The same limits with another bound on document size. */
    public SdfLimits withMaxBytes(long bytes) {
        return new SdfLimits(bytes, maxDepth, maxModels);
    }
}
