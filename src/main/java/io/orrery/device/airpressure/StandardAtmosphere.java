package io.orrery.device.airpressure;

/**
 * The troposphere of the International Standard Atmosphere (the model gz-sensors takes from RotorS): temperature
 * falling 6.5 K per km of geopotential height from 288.15 K at sea level, the pressure following hydrostatically.
 */
final class StandardAtmosphere {

    static final double SEA_LEVEL_PRESSURE = 101_325.0; // Pa
    private static final double SEA_LEVEL_TEMPERATURE = 288.15; // K
    private static final double LAPSE_RATE = 0.0065; // K/m
    private static final double GRAVITY = 9.80665; // m/s², standard
    private static final double MOLAR_MASS = 28.9644; // kg/kmol, dry air
    private static final double GAS_CONSTANT = 8314.32; // J/(kmol·K)
    private static final double EARTH_RADIUS = 6_356_766.0; // m, as the standard's geopotential uses
    /** The exponent of the temperature ratio: g·M / (R·L), about 5.256. */
    private static final double EXPONENT = GRAVITY * MOLAR_MASS / (GAS_CONSTANT * LAPSE_RATE);

    private StandardAtmosphere() {}

    /** Pressure, Pa, at {@code altitude} m above sea level (geometric). */
    static double pressure(double altitude) {
        double geopotential = EARTH_RADIUS * altitude / (EARTH_RADIUS + altitude);
        double temperature = SEA_LEVEL_TEMPERATURE - LAPSE_RATE * geopotential;
        return SEA_LEVEL_PRESSURE * Math.pow(temperature / SEA_LEVEL_TEMPERATURE, EXPONENT);
    }
}
