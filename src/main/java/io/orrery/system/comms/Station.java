package io.orrery.system.comms;

import io.orrery.world.Vec3;

/**
 * A bound address whose model is in the world: a message's source or destination as a delivery model sees it.
 *
 * @param address the address
 * @param model the model it is bound to, as the endpoint named it
 * @param position the model's position in the world now (m)
 */
public record Station(String address, String model, Vec3 position) {}
