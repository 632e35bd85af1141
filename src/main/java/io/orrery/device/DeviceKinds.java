package io.orrery.device;

/**
 * The kinds of device a world's sensors can be, by the sensor's {@code type}: derived from the
 * {@link DeviceDescriptor}s in each kind's folder ({@code io.orrery.builtin.Extensions}), so this package never names
 * them.
 */
@FunctionalInterface
public interface DeviceKinds {

    /** No kinds at all: every sensor is left unsimulated. */
    DeviceKinds NONE = (mount, context) -> null;

    /**
     * A device for the sensor at {@code mount}, or null when its type is not one of these kinds (the world reader
     * has already reported it as not simulated).
     *
     * @throws IllegalArgumentException when the sensor's settings are wrong: it is logged and left out
     */
    Device create(Mount mount, DeviceContext context);
}
