package io.orrery.system.windeffects;

import io.orrery.noise.Noise;
import io.orrery.world.Vec3;

/**
 * The wind WindEffects blows, step by step, as Gazebo computes it from the seed velocity: the horizontal speed and the
 * vertical one each follow the seed's through a first-order filter (gain dt over the rise time), the horizontal speed
 * swings by {@code amplitude_percent} of itself on a sine; the direction (degrees) starts at the seed's and follows it
 * through its own filter, swinging by {@code amplitude} degrees on another sine; each may carry noise. Mutable; the
 * runner's thread.
 */
final class WindFilter {

    private final double magnitudeRise;
    private final double magnitudeSinAmplitude;
    private final double magnitudeSinPeriod;
    private final double directionRise;
    private final double directionSinAmplitude;
    private final double directionSinPeriod;
    private final double verticalRise;
    private final Noise magnitudeNoise;
    private final Noise directionNoise;
    private final Noise verticalNoise;

    private double magnitudeMean;
    private double verticalMean;
    private double directionMean;
    private boolean directionKnown;

    WindFilter(
            double magnitudeRise,
            double magnitudeSinAmplitude,
            double magnitudeSinPeriod,
            double directionRise,
            double directionSinAmplitude,
            double directionSinPeriod,
            double verticalRise,
            Noise magnitudeNoise,
            Noise directionNoise,
            Noise verticalNoise) {
        this.magnitudeRise = magnitudeRise;
        this.magnitudeSinAmplitude = magnitudeSinAmplitude;
        this.magnitudeSinPeriod = magnitudeSinPeriod;
        this.directionRise = directionRise;
        this.directionSinAmplitude = directionSinAmplitude;
        this.directionSinPeriod = directionSinPeriod;
        this.verticalRise = verticalRise;
        this.magnitudeNoise = magnitudeNoise;
        this.directionNoise = directionNoise;
        this.verticalNoise = verticalNoise;
    }

    /** The wind after a step of {@code dt} s ending at {@code simTime} s, the seed being {@code seed}. */
    Vec3 step(Vec3 seed, double dt, double simTime) {
        double kMagnitude = dt / magnitudeRise;
        double kVertical = dt / verticalRise;
        double kDirection = dt / directionRise;
        double seedHorizontal = Math.hypot(seed.x(), seed.y());
        magnitudeMean = (1.0 - kMagnitude) * magnitudeMean + kMagnitude * seedHorizontal;
        verticalMean = (1.0 - kVertical) * verticalMean + kVertical * seed.z();
        double magnitude = magnitudeMean
                + magnitudeSinAmplitude * magnitudeMean * Math.sin(2 * Math.PI * simTime / magnitudeSinPeriod);
        magnitude = magnitudeNoise.apply(magnitude);
        double seedDirection = Math.toDegrees(Math.atan2(seed.y(), seed.x()));
        if (directionKnown) {
            directionMean = (1.0 - kDirection) * directionMean + kDirection * seedDirection;
        } else {
            directionMean = seedDirection;
            directionKnown = true;
        }
        double direction = directionMean + directionSinAmplitude * Math.sin(2 * Math.PI * simTime / directionSinPeriod);
        direction = directionNoise.apply(direction);
        double radians = Math.toRadians(direction);
        return new Vec3(
                magnitude * Math.cos(radians), magnitude * Math.sin(radians), verticalNoise.apply(verticalMean));
    }

    /** Back to still air, as when the world loaded; the noises start their streams over. */
    void restart() {
        magnitudeMean = 0;
        verticalMean = 0;
        directionMean = 0;
        directionKnown = false;
        magnitudeNoise.reseed();
        directionNoise.reseed();
        verticalNoise.reseed();
    }

    /** New streams for the three noises. */
    void seed(long magnitude, long direction, long vertical) {
        magnitudeNoise.reseed(magnitude);
        directionNoise.reseed(direction);
        verticalNoise.reseed(vertical);
    }
}
