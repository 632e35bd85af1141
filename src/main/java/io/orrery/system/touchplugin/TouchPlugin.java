package io.orrery.system.touchplugin;

import com.gz.msgs.BoolProtos;
import io.orrery.physics.ContactPoint;
import io.orrery.physics.LinkState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.WorldView;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginOwner;
import io.orrery.system.PostUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.SdfElement;
import java.util.Optional;

/**
 * Gazebo's TouchPlugin ({@code gz-sim-touchplugin-system}) on a model: once the model has touched the target without
 * a break for more than {@code <time>} seconds of sim time, it publishes gz.msgs.Boolean {@code true} on
 * {@code /<namespace>/touched}, once, and disables itself. Parameters as in Gazebo: {@code <target>} (a substring of
 * the scoped name of what must be touched) and {@code <time>} (both required), {@code <namespace>} (default Gazebo's
 * {@code /model/<model>/touch}, a nested model's {@code /model/<outer>/model/<inner>/touch}) and {@code <enabled>}
 * (default false); a gz.msgs.Boolean on {@code /<namespace>/enable} enables or disables it. As in Gazebo, the links
 * that touch are the declaring model's own: a nested model's plugin watches that model's links, not its parent's.
 *
 * <p>Differences: the physics reports contacts per link, so every own link of the model counts (Gazebo counts only the
 * collisions that carry a contact sensor) and a target matches {@code model::link}, not a collision's own name. A
 * reset starts over: enabled as {@code <enabled>} says, no touch under way.
 */
public final class TouchPlugin implements Plugin, PostUpdate, Reset {

    private String model;
    private DeclaringModel declaring;
    private String target;
    private long timeNanos;
    private boolean enabledAtStart;
    private Publisher<BoolProtos.Boolean> touched;
    private volatile boolean enabled;
    private long touchStart = -1;

    @Override
    public void awake(PluginContext context) {
        if (!(context.owner() instanceof PluginOwner.Model owner)) {
            throw new IllegalArgumentException("the touch plugin must be attached to a model, not to the world");
        }
        model = owner.name();
        declaring = new DeclaringModel(model, context.scope(), context.modelSpec());
        target = required(context, "target");
        String namespace = parameter(context, "namespace")
                .orElse(declaring.scopedTopic() + "/touch")
                .replaceAll("^/+|/+$", "");
        if (namespace.isEmpty()) {
            throw new IllegalArgumentException("<namespace> must name a topic namespace");
        }
        double seconds;
        try {
            seconds = Double.parseDouble(required(context, "time"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("<time> must be a number of seconds, got '"
                    + parameter(context, "time").orElse("") + "'");
        }
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("<time> must be zero or more seconds, got " + seconds);
        }
        timeNanos = Math.round(seconds * 1e9);
        enabledAtStart = parameter(context, "enabled")
                .map(v -> v.equals("true") || v.equals("1"))
                .orElse(false);
        enabled = enabledAtStart;
        TopicBus topics = context.topics();
        touched = topics.advertise("/" + namespace + "/touched", BoolProtos.Boolean.class, context.qualifiedName());
        topics.subscribe("/" + namespace + "/enable", BoolProtos.Boolean.class, context.qualifiedName(), this::enable);
    }

    @Override
    public void start(PluginContext context) {}

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (!enabled || info.paused()) {
            return;
        }
        if (!touching(world)) {
            touchStart = -1;
            return;
        }
        if (touchStart < 0) {
            touchStart = info.simTimeNanos();
        }
        if (info.simTimeNanos() - touchStart > timeNanos) {
            touched.publish(BoolProtos.Boolean.newBuilder()
                    .setHeader(Messages.header(info.simTimeNanos()))
                    .setData(true)
                    .build());
            enabled = false; // single use, as in Gazebo
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        enabled = enabledAtStart;
        touchStart = -1;
    }

    private void enable(BoolProtos.Boolean request) {
        if (request.getData()) {
            touchStart = -1;
        }
        enabled = request.getData();
    }

    private boolean touching(WorldView world) {
        Optional<io.orrery.physics.ModelState> state = world.model(model);
        if (state.isEmpty()) {
            return false;
        }
        for (LinkState link : declaring.links(state.get())) {
            for (ContactPoint c : world.contacts(model, link.name())) {
                if ((c.otherModel() + "::" + c.otherLink()).contains(target)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String required(PluginContext context, String name) {
        return parameter(context, name)
                .filter(v -> !v.isEmpty())
                .orElseThrow(() -> new IllegalArgumentException("missing required parameter <" + name + ">"));
    }

    private static Optional<String> parameter(PluginContext context, String name) {
        return context.spec().parameters().stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .map(SdfElement::text)
                .map(String::strip);
    }
}
