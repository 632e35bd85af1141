package io.orrery.world.sdf;

/**
 * Bounds on what one read may hold, so a hostile or broken document fails with an {@link SdfException} instead
 * of exhausting memory or the stack, or building a sensor that does.
 *
 * @param maxBytes the largest document in bytes (the world and each included file alike)
 * @param maxDepth the deepest nesting of XML elements in one document
 * @param maxModels the most models one read may produce, nested and included ones counted
 * @param maxLidarRays the most lidar rays one read may ask for: each lidar's horizontal × vertical samples (times
 *     its {@code resolution} where that is above 1), summed over every lidar of the read
 * @param maxUpdateRate the highest {@code <update_rate>} of a sensor, in Hz of sim time
 * @param maxNoise the largest magnitude of a sensor's {@code <noise>} parameter (mean, stddev, bias_mean,
 *     bias_stddev, precision), in the units of the channel it adds to
 */
public record SdfLimits(
        long maxBytes, int maxDepth, int maxModels, int maxLidarRays, double maxUpdateRate, double maxNoise) {

    /** 2^18 rays: a 128-channel lidar of 2,048 columns, the densest spinning lidars made (Ouster OS-128). */
    public static final int DEFAULT_MAX_LIDAR_RAYS = 262_144;

    /** A period of 1 µs: IMUs sample at a few kHz at most. */
    public static final double DEFAULT_MAX_UPDATE_RATE = 1e6;

    /** Far beyond any sensor's noise, and far from where sums of them overflow to infinity. */
    public static final double DEFAULT_MAX_NOISE = 1e6;

    /** The most rays any setting may allow: a lidar's ray and range arrays must stay below the JVM's array limit. */
    public static final int MAX_LIDAR_RAYS_LIMIT = 100_000_000;

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
        if (maxLidarRays < 1 || maxLidarRays > MAX_LIDAR_RAYS_LIMIT) {
            throw new IllegalArgumentException(
                    "maxLidarRays must be between 1 and " + MAX_LIDAR_RAYS_LIMIT + ", got " + maxLidarRays);
        }
        if (!(maxUpdateRate > 0) || Double.isInfinite(maxUpdateRate)) {
            throw new IllegalArgumentException("maxUpdateRate must be a finite number above 0, got " + maxUpdateRate);
        }
        if (!(maxNoise > 0) || Double.isInfinite(maxNoise)) {
            throw new IllegalArgumentException("maxNoise must be a finite number above 0, got " + maxNoise);
        }
    }

    /** Limits on size, depth and models, with the default bounds on sensors. */
    public SdfLimits(long maxBytes, int maxDepth, int maxModels) {
        this(maxBytes, maxDepth, maxModels, DEFAULT_MAX_LIDAR_RAYS, DEFAULT_MAX_UPDATE_RATE, DEFAULT_MAX_NOISE);
    }

    /** The same limits with another bound on document size. */
    public SdfLimits withMaxBytes(long bytes) {
        return new SdfLimits(bytes, maxDepth, maxModels, maxLidarRays, maxUpdateRate, maxNoise);
    }

    /** The same limits with other bounds on sensors. */
    public SdfLimits withSensorBounds(int lidarRays, double updateRate, double noise) {
        return new SdfLimits(maxBytes, maxDepth, maxModels, lidarRays, updateRate, noise);
    }
}
