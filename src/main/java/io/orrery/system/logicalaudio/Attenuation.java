package io.orrery.system.logicalaudio;

/**
 * Gazebo's logical audio arithmetic: how loud a source is at a distance (a sphere, full volume within the inner
 * radius, falling linearly to 0 at the falloff distance, the only shape and function Gazebo has) and whether a
 * microphone hears it.
 */
final class Attenuation {

    /** Below this a volume is silence, whatever the threshold (Gazebo's constant). */
    static final double SILENCE = 0.00001;

    private Attenuation() {}

    /** The volume at {@code distance} (m) from a source emitting {@code volume} (0 to 1); 0 when it is not playing. */
    static double volume(boolean playing, double volume, double innerRadius, double falloffDistance, double distance) {
        if (!playing || volume < SILENCE) {
            return 0.0;
        }
        if (distance <= innerRadius) {
            return volume;
        }
        if (distance >= falloffDistance) {
            return 0.0;
        }
        double slope = -volume / (falloffDistance - innerRadius);
        return slope * (distance - innerRadius) + volume;
    }

    /** True when a microphone of {@code threshold} hears {@code volume}; silence is never heard. */
    static boolean heard(double volume, double threshold) {
        return volume >= SILENCE && volume >= threshold;
    }
}
