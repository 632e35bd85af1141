package io.orrery.system.multicoptercontrol;

/**
 * One rotor as the controller sees it.
 *
 * @param angle the angle (rad) about the centre-of-mass link's z axis from its x axis to the rotor
 * @param armLength the distance (m) from the centre-of-mass link's origin to the rotor, in its xy plane
 * @param forceConstant thrust over the square of the rotor's speed (N s²), times the share of the rotor's axis along
 *     the centre-of-mass link's z axis
 * @param momentConstant the rotor's drag torque over its thrust (m)
 * @param direction +1 counterclockwise, -1 clockwise
 */
record Rotor(double angle, double armLength, double forceConstant, double momentConstant, int direction) {}
