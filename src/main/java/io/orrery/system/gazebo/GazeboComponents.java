package io.orrery.system.gazebo;

import io.orrery.plugin.Components;

/**
 * The components Gazebo's ported systems share ({@link Components}), named after gz-sim's: one constant each, so
 * the systems that set one and the systems that read it use the same key.
 */
public final class GazeboComponents {

    /**
     * gz-sim's {@code Actuators} on a model ({@link Components#entity model or nested model}): the rotor speeds
     * (rad/s) a MulticopterVelocityControl sets for its model's MulticopterMotorModels, by actuator number.
     */
    public static final Components.Key<Rotors> ACTUATORS = Components.Key.of("Actuators", Rotors.class);

    /**
     * gz-sim's {@code BatterySoC} on a battery, the entity {@code <model>::<battery_name>} (a child of its model, as
     * in Gazebo): the state of charge, 1 full, at or below 0 empty.
     */
    public static final Components.Key<Double> BATTERY_SOC = Components.Key.of("BatterySoC", Double.class);

    /**
     * gz-sim's {@code BatteryPowerLoad} on a consumer (the entity of the system that draws, e.g. a thruster's
     * {@code <model>::<joint>}): the power it draws from one battery, added to the battery's own load each step.
     */
    public static final Components.Key<PowerLoad> BATTERY_POWER_LOAD =
            Components.Key.of("BatteryPowerLoad", PowerLoad.class);

    /**
     * gz-sim's {@code Environment} on the world (the entity {@link #WORLD}): the environmental data an
     * EnvironmentPreload loaded, which the EnvironmentalSystem's sensors sample.
     */
    public static final Components.Key<EnvironmentalData> ENVIRONMENT =
            Components.Key.of("Environment", EnvironmentalData.class);

    /**
     * gz-sim's {@code WheelSlipCmd} on a wheel link ({@code <model>::<link>}): the unitless slip compliances a
     * LookupWheelSlip asks the link's WheelSlip to use from the next step on; WheelSlip removes it once read.
     */
    public static final Components.Key<WheelSlipCmd> WHEEL_SLIP_CMD =
            Components.Key.of("WheelSlipCmd", WheelSlipCmd.class);

    /** The entity of the world itself, for components that belong to no model. */
    public static final String WORLD = "";

    private GazeboComponents() {}

    /** Rotor speeds (rad/s) by actuator number; a copy is kept. */
    public record Rotors(double[] velocities) {
        public Rotors {
            velocities = velocities.clone();
        }

        public int count() {
            return velocities.length;
        }

        public double velocity(int i) {
            return velocities[i];
        }
    }

    /**
     * @param battery the battery's entity, {@code <model>::<battery_name>}
     * @param watts the power drawn (W)
     */
    public record PowerLoad(String battery, double watts) {}

    /**
     * @param lateral unitless slip compliance across the wheel, not negative
     * @param longitudinal unitless slip compliance along its rolling direction, not negative
     */
    public record WheelSlipCmd(double lateral, double longitudinal) {}

    /** The entity of battery {@code name} of {@code model}. */
    public static String battery(String model, String name) {
        return model + "::" + name;
    }
}
