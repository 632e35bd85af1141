package io.orrery.system.triggeredpublisher;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.MessageTypes;
import io.orrery.world.SdfElement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Gazebo's TriggeredPublisher system ({@code gz-sim-triggered-publisher-system}), in the world or a model: every
 * message on the {@code <input type topic>} that passes all of its {@code <match>}es publishes each
 * {@code <output type topic>}'s message (written in protobuf's text format), at once or {@code <delay_ms>} of sim
 * time later, and calls each {@code <service>} (Orrery's own world services, such as {@code /world/<w>/set_pose},
 * in-process through {@link PluginContext#services()}). Orrery's bus carries one type per topic, so an input of another
 * type is refused where it is published rather than dropped here. A {@code <service>} Orrery does not offer (one
 * another process would advertise over gz-transport) is listed as not simulated when the world loads and skipped
 * here with a warning; any configuration Gazebo would log and skip fails the plugin, naming it. Threads: the runner's
 * (the bus calls back on it).
 */
public final class TriggeredPublisher implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-triggered-publisher-system}. */
    public static final String SHORT_NAME = "triggered-publisher";
    /** Gazebo's class name: {@code gz::sim::systems::TriggeredPublisher}. */
    public static final String CLASS_NAME = "TriggeredPublisher";

    private final List<InputMatcher> matchers = new ArrayList<>();
    private final List<Output<?>> outputs = new ArrayList<>();
    private final List<ServiceOutput> services = new ArrayList<>();
    /** Sim time each delayed trigger still waits, in nanoseconds, oldest first. */
    private final List<long[]> waiting = new ArrayList<>();

    private long delayNanos;
    private PluginContext context;
    private String world = "";

    private record Output<T extends Message>(Publisher<T> publisher, T message) {
        void publish() {
            publisher.publish(message);
        }
    }

    @Override
    public void awake(PluginContext ctx) {
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        context = ctx;
        world = ctx.worldSpec()
                .map(w -> w.name())
                .orElseGet(() -> ctx.snapshot().world());
        SdfElement input = element(ctx, "input")
                .orElseThrow(() -> params.bad("needs an <input type=\"gz.msgs.X\" topic=\"...\">"));
        Class<? extends Message> inputType = type(input, "<input>", params);
        String inputTopic = topic(input, "<input>", params);
        for (SdfElement match : input.children()) {
            if (match.name().equals("match")) {
                matchers.add(InputMatcher.of(inputType, match, params));
            }
        }
        delayNanos = Math.max(0, params.integer("delay_ms", 0)) * 1_000_000L;
        for (SdfElement output : ctx.spec().parameters()) {
            if (output.name().equals("output")) {
                outputs.add(output(ctx, output, params));
            }
        }
        List<SdfElement> declared = ctx.spec().parameters().stream()
                .filter(e -> e.name().equals("service"))
                .toList();
        if (declared.size() > ServiceOutput.MAX_SERVICES) {
            throw params.bad("names " + declared.size() + " <service>s, more than the " + ServiceOutput.MAX_SERVICES
                    + " allowed");
        }
        for (SdfElement e : declared) {
            ServiceOutput s = ServiceOutput.of(e, params);
            var offered = ctx.services().service(world, s.name());
            if (offered.isPresent()) {
                s.check(offered.get(), params);
                services.add(s);
            } else {
                ctx.logger()
                        .warn(
                                "TriggeredPublisher: <service name=\"{}\"> is not a service Orrery offers (it offers {}),"
                                        + " so that output is not simulated",
                                s.name(),
                                ctx.services().services(world).stream()
                                        .map(x -> x.name())
                                        .toList());
            }
        }
        if (outputs.isEmpty() && declared.isEmpty()) {
            throw params.bad("needs at least one <output type=\"gz.msgs.X\" topic=\"...\"> or <service name=\"...\">");
        }
        subscribe(ctx, inputTopic, inputType);
        ctx.logger()
                .info(
                        "TriggeredPublisher subscribed on [{}], publishing on {} and calling {}",
                        inputTopic,
                        outputs.stream().map(o -> o.publisher().topic()).toList(),
                        services.stream().map(ServiceOutput::name).toList());
    }

    private static java.util.Optional<SdfElement> element(PluginContext ctx, String name) {
        return ctx.spec().parameters().stream()
                .filter(e -> e.name().equals(name))
                .findFirst();
    }

    private <T extends Message> void subscribe(PluginContext ctx, String topic, Class<T> type) {
        ctx.topics().subscribe(topic, type, ctx.qualifiedName(), this::received);
    }

    private static Output<?> output(PluginContext ctx, SdfElement output, GazeboParameters params) {
        Class<? extends Message> type = type(output, "<output>", params);
        String topic = topic(output, "<output>", params);
        return output(ctx, topic, type, output.text() == null ? "" : output.text(), params);
    }

    private static <T extends Message> Output<T> output(
            PluginContext ctx, String topic, Class<T> type, String text, GazeboParameters params) {
        Message.Builder b = MessageTypes.defaultInstance(type).newBuilderForType();
        try {
            TextFormat.merge(text, b);
        } catch (TextFormat.ParseException e) {
            throw params.bad("<output topic=\"" + topic + "\">: '" + text.trim() + "' is not a "
                    + MessageTypes.nameOf(type) + " in protobuf's text format: " + e.getMessage());
        }
        return new Output<>(ctx.topics().advertise(topic, type, ctx.qualifiedName()), type.cast(b.build()));
    }

    private static Class<? extends Message> type(SdfElement e, String where, GazeboParameters params) {
        String name = e.attributes().getOrDefault("type", "").trim();
        if (name.isEmpty()) {
            throw params.bad(where + " needs a type, such as type=\"gz.msgs.Empty\"");
        }
        return MessageTypes.named(name)
                .orElseThrow(() -> params.bad(where + " type '" + name + "' is not a gz-msgs message Orrery carries"));
    }

    private static String topic(SdfElement e, String where, GazeboParameters params) {
        String name = e.attributes().getOrDefault("topic", "");
        try {
            return GazeboTopics.valid(name);
        } catch (IllegalArgumentException ex) {
            throw params.bad(where + " needs a valid topic, got '" + name + "' (" + ex.getMessage() + ")");
        }
    }

    private void received(Message input) {
        for (InputMatcher m : matchers) {
            if (!m.matches(input)) {
                return;
            }
        }
        if (delayNanos > 0) {
            waiting.add(new long[] {delayNanos});
        } else {
            publishAll();
        }
    }

    /** Publishes every output, then calls every service, as Gazebo's worker does after each publication. */
    private void publishAll() {
        for (Output<?> o : outputs) {
            o.publish();
        }
        for (ServiceOutput s : services) {
            s.call(context, world);
        }
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    /** Counts the step off each delayed trigger, as Gazebo's PreUpdate does, and publishes those that are due. */
    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        for (Iterator<long[]> it = waiting.iterator(); it.hasNext(); ) {
            long[] left = it.next();
            left[0] -= info.dtNanos();
            if (left[0] <= 0) {
                it.remove();
                publishAll();
            }
        }
    }

    /** A reset drops the delayed triggers, as the bus drops messages still on their way. */
    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        waiting.clear();
    }
}
