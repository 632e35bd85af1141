package io.orrery.world;

/**
 * A world's {@code <atmosphere>} (SDF's only type, {@code adiabatic}): what its file sets, SDF's defaults for the rest.
 * Thermal cameras take {@link #temperature} as the ambient of what they see; the air pressure and air speed sensors
 * keep the standard atmosphere's own table, as gz-sensors does.
 *
 * @param temperature {@code <temperature>} at sea level, kelvin (288.15), above zero
 * @param pressure {@code <pressure>} at sea level, pascal (101,325), zero or more
 * @param temperatureGradient {@code <temperature_gradient>}, kelvin a metre of height (-0.0065)
 */
public record AtmosphereSpec(double temperature, double pressure, double temperatureGradient) {

    /** SDF's defaults. */
    public static final AtmosphereSpec DEFAULT = new AtmosphereSpec(288.15, 101_325, -0.0065);

    public AtmosphereSpec {
        if (!(temperature > 0) || Double.isInfinite(temperature)) {
            throw new IllegalArgumentException(
                    "the temperature must be a positive number of kelvin, got " + temperature);
        }
        if (!(pressure >= 0) || Double.isInfinite(pressure)) {
            throw new IllegalArgumentException(
                    "the pressure must be a finite number of pascal, 0 or more, got " + pressure);
        }
        if (!Double.isFinite(temperatureGradient)) {
            throw new IllegalArgumentException("the temperature gradient must be finite, got " + temperatureGradient);
        }
    }
}
