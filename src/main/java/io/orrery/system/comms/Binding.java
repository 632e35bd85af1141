package io.orrery.system.comms;

import io.orrery.plugin.Components;

/**
 * A CommsEndpoint's bind request (gz-sim's {@code StringMsg_V} to {@code /broker/bind}), held as a component of the
 * endpoint's plugin entity while its model is in the world: the broker listening on {@code bindService} binds the
 * address while the component is there and unbinds it when it goes (the model removed, the world reset or unloaded),
 * as Gazebo's endpoint unbinds when it is destroyed.
 *
 * @param address the address to bind
 * @param model the model's name as Gazebo's {@code Model::Name} gives it (the bind request's second field)
 * @param worldModel the top-level model in the world whose position the address has
 * @param topic where the broker publishes what arrives for the address
 * @param bindService the broker's bind service, {@code /broker/bind} unless {@code <broker><bind_service>} says
 */
public record Binding(String address, String model, String worldModel, String topic, String bindService) {

    /** The component an endpoint sets on its plugin entity. */
    public static final Components.Key<Binding> KEY = Components.Key.of("CommsBinding", Binding.class);

    /** gz-sim's default bind service. */
    public static final String DEFAULT_BIND_SERVICE = "/broker/bind";

    /** gz-sim's default unbind service. */
    public static final String DEFAULT_UNBIND_SERVICE = "/broker/unbind";
}
