package io.orrery.system.comms;

import com.gz.msgs.DataframeProtos.Dataframe;
import io.orrery.log.LogSafe;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.Seeded;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.topic.Publisher;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A comms model system of the world (gz-sim's {@code ICommsModel}: PerfectComms, RFComms, AcousticComms), one
 * {@link CommsBroker} whose messages travel by the {@link DeliveryModel} its system makes from the plugin's parameters.
 * It takes {@code gz.msgs.Dataframe}s on {@code <broker><messages_topic>} ({@code /broker/msgs}), binds the addresses
 * endpoints ask it to on {@code <broker><bind_service>} ({@code /broker/bind}, see {@link Binding}), and each unpaused
 * step (or each {@code <step_size>} of it) routes the queued messages and publishes what arrives on the destination's
 * topics. Threads: the runner's (the bus calls back on it).
 */
public final class CommsBrokerSystem implements Plugin, PreUpdate, Reset, Seeded {

    private final String system;
    private final Function<PluginSpec, DeliveryModel> models;
    private final Map<String, Publisher<Dataframe>> publishers = new HashMap<>();
    /** What is bound now, by the endpoint entity that asked. */
    private final Map<String, Binding> bound = new HashMap<>();
    /** Bind requests refused (address held by another model), already logged; retried every step. */
    private final Set<Binding> refused = new HashSet<>();

    private final Set<CommsBroker.Refusal> warned = EnumSet.noneOf(CommsBroker.Refusal.class);

    private PluginContext context;
    private CommsBroker broker;
    private String messagesTopic = "/broker/msgs";
    private String bindService = Binding.DEFAULT_BIND_SERVICE;
    private long stepNanos;

    /**
     * @param system Gazebo's class name, for messages ({@code RFComms})
     * @param models makes the delivery model from the plugin's element, throwing for a bad parameter (naming it)
     */
    public CommsBrokerSystem(String system, Function<PluginSpec, DeliveryModel> models) {
        this.system = system;
        this.models = models;
    }

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), system);
        Optional<GazeboParameters> brokerParams = nested(ctx.spec(), "broker", system);
        if (brokerParams.isPresent()) {
            messagesTopic = brokerParams.get().topic("messages_topic", messagesTopic);
            bindService = brokerParams.get().topic("bind_service", bindService);
        }
        if (params.has("step_size")) {
            double seconds = params.number("step_size", 0);
            if (!(seconds > 0) || seconds > 1e9) {
                throw params.bad("step_size", "a positive number of seconds", Double.toString(seconds));
            }
            stepNanos = Math.max(1, Math.round(seconds * 1e9));
        }
        broker = new CommsBroker(models.apply(ctx.spec()));
    }

    /** The parameters under {@code <name>} of {@code spec}, for a system's nested configuration. */
    public static Optional<GazeboParameters> nested(PluginSpec spec, String name, String system) {
        return spec.parameters().stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .map(e -> new GazeboParameters(nestedSpec(spec, e), system + " <" + name + ">"));
    }

    private static PluginSpec nestedSpec(PluginSpec spec, SdfElement e) {
        List<SdfElement> children = e.children();
        return new PluginSpec(spec.name(), spec.filename(), children, spec.priority(), spec.required(), spec.line());
    }

    @Override
    public void start(PluginContext ctx) {
        ctx.topics().subscribe(messagesTopic, Dataframe.class, ctx.qualifiedName(), this::onMessage);
        ctx.logger()
                .info(
                        "{} broker: messages on {}, binds on {}",
                        system,
                        LogSafe.of(messagesTopic),
                        LogSafe.of(bindService));
    }

    private void onMessage(Dataframe message) {
        CommsBroker.Refusal refusal = broker.offer(message);
        if (refusal != CommsBroker.Refusal.NONE && warned.add(refusal)) {
            context.logger()
                    .warn(
                            "{}: a message from '{}' to '{}' was dropped: {} (logged once per reason until a reset)",
                            system,
                            LogSafe.of(message.getSrcAddress()),
                            LogSafe.of(message.getDstAddress()),
                            reason(refusal));
        }
    }

    private static String reason(CommsBroker.Refusal refusal) {
        return switch (refusal) {
            case UNBOUND_SOURCE -> "its src_address is bound to no model (a CommsEndpoint binds one)";
            case QUEUE_FULL -> "its source already has " + CommsBroker.MAX_QUEUED + " messages queued";
            case TOO_LARGE -> "its data is over " + CommsBroker.MAX_PAYLOAD_BYTES + " bytes";
            case NONE -> "queued";
        };
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return;
        }
        syncBindings();
        Function<String, Optional<Vec3>> positions =
                m -> world.model(m).map(s -> s.pose().position());
        if (stepNanos == 0) {
            broker.step(info.simTimeNanos(), positions, this::publish);
            return;
        }
        // sub-steps of <step_size>, the last one shorter if it does not divide the step
        long start = info.simTimeNanos() - info.dtNanos();
        for (long t = start; t < info.simTimeNanos(); t += Math.min(stepNanos, info.simTimeNanos() - t)) {
            broker.step(t + Math.min(stepNanos, info.simTimeNanos() - t), positions, this::publish);
        }
    }

    /** Binds what endpoints ask for now and unbinds what they no longer ask for (their models gone). */
    private void syncBindings() {
        Map<String, Binding> wanted = new HashMap<>();
        context.components().all(Binding.KEY).forEach((entity, b) -> {
            if (b.bindService().equals(bindService)) {
                wanted.put(entity, b);
            }
        });
        for (var it = bound.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Binding> e = it.next();
            if (!e.getValue().equals(wanted.get(e.getKey()))) {
                broker.unbind(e.getValue().address(), e.getValue().topic());
                context.logger()
                        .info(
                                "Address [{}] unbound on topic [{}]",
                                LogSafe.of(e.getValue().address()),
                                LogSafe.of(e.getValue().topic()));
                it.remove();
            }
        }
        wanted.forEach((entity, b) -> {
            if (bound.containsKey(entity)) {
                return;
            }
            if (broker.bind(b.address(), b.model(), b.worldModel(), b.topic())) {
                bound.put(entity, b);
                refused.remove(b);
                publishers.computeIfAbsent(
                        b.topic(), t -> context.topics().advertise(t, Dataframe.class, context.qualifiedName()));
                context.logger()
                        .info(
                                "Address [{}] bound to model [{}] on topic [{}]",
                                LogSafe.of(b.address()),
                                LogSafe.of(b.model()),
                                LogSafe.of(b.topic()));
            } else if (refused.add(b)) {
                context.logger()
                        .error(
                                "{}: address [{}] is bound to model [{}], not [{}]; retrying each step, as Gazebo's"
                                        + " endpoint retries",
                                system,
                                LogSafe.of(b.address()),
                                LogSafe.of(broker.boundModel(b.address()).orElse("")),
                                LogSafe.of(b.model()));
            }
        });
    }

    private void publish(String topic, Dataframe message) {
        Publisher<Dataframe> p = publishers.get(topic);
        if (p != null) {
            p.publish(message);
        }
    }

    /** A reset drops every binding and message: the endpoints bind again in the first step. */
    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        broker.clear();
        bound.clear();
        refused.clear();
        warned.clear();
    }

    @Override
    public void seed(long seed) {
        broker.model().seed(seed);
    }
}
