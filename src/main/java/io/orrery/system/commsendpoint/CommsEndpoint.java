package io.orrery.system.commsendpoint;

import io.orrery.log.LogSafe;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.system.comms.Binding;
import io.orrery.system.comms.CommsBrokerSystem;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import java.util.Optional;

/**
 * Gazebo's CommsEndpoint system ({@code gz-sim-comms-endpoint-system}), a model plugin: binds {@code <address>} to
 * the model that declares it, delivered on {@code <topic>}, with the broker whose {@code <broker><bind_service>} it
 * names ({@code /broker/bind}). Gazebo sends the bind request over gz-transport and retries each second until it is
 * answered; here the request is a component ({@link Binding}) the broker reads each step, set while the model is in
 * the world and gone with it, which unbinds the address as Gazebo's endpoint does when it is destroyed. Orrery offers
 * no {@code /broker/bind} service to clients outside the world: an address is bound by an endpoint in it. Both
 * {@code <address>} and {@code <topic>} are required (Gazebo logs and does nothing without them; Orrery refuses the
 * plugin, naming it). A reset clears the request with every component; the endpoint asks again in the first step.
 * Threads: the runner's.
 */
public final class CommsEndpoint implements Plugin, PreUpdate, Stateless {

    /** Gazebo's short name: {@code gz-sim-comms-endpoint-system}. */
    public static final String SHORT_NAME = "comms-endpoint";
    /** Gazebo's class name: {@code gz::sim::systems::CommsEndpoint}. */
    public static final String CLASS_NAME = "CommsEndpoint";

    private PluginContext context;
    private Binding binding;

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        String address = params.text("address")
                .orElseThrow(() -> params.bad("needs an <address>, the address to bind to this model"));
        String topic = params.text("topic")
                .orElseThrow(() -> params.bad("needs a <topic>, where this address's messages are delivered"));
        try {
            topic = GazeboTopics.valid(topic);
        } catch (IllegalArgumentException e) {
            throw params.bad("topic", "a topic name", "'" + topic + "' (" + e.getMessage() + ")");
        }
        Optional<GazeboParameters> broker = CommsBrokerSystem.nested(ctx.spec(), "broker", CLASS_NAME);
        String bindService = broker.map(b -> b.topic("bind_service", Binding.DEFAULT_BIND_SERVICE))
                .orElse(Binding.DEFAULT_BIND_SERVICE);
        // read for its errors; the unbinding is the component's going (see above)
        broker.ifPresent(b -> b.topic("unbind_service", Binding.DEFAULT_UNBIND_SERVICE));
        DeclaringModel model = DeclaringModel.of(ctx, params);
        binding = new Binding(address, model.name(), model.model(), topic, bindService);
    }

    @Override
    public void start(PluginContext ctx) {
        ctx.logger()
                .info(
                        "CommsEndpoint binding [{}] on topic [{}] with {}",
                        LogSafe.of(binding.address()),
                        LogSafe.of(binding.topic()),
                        LogSafe.of(binding.bindService()));
    }

    /** Asks again whenever the request is not there: at the first step, and after a reset cleared it. */
    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        String entity = context.qualifiedName();
        if (context.components().get(entity, Binding.KEY).isEmpty()) {
            context.components().set(entity, Binding.KEY, binding);
        }
    }
}
