package io.orrery.system.applylinkwrench;

import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.EntityWrenchProtos.EntityWrench;
import com.gz.msgs.Vector3dProtos.Vector3d;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginOwner;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.topic.TopicBus;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gazebo's ApplyLinkWrench system ({@code gz-sim-apply-link-wrench-system}), a world plugin: a
 * {@code gz.msgs.EntityWrench} on {@code /world/<world>/wrench} pushes a link (or a model's canonical link) for one
 * step; one on {@code /world/<world>/wrench/persistent}, or a {@code <persistent>} element, pushes it every step
 * until a {@code gz.msgs.Entity} on {@code /world/<world>/wrench/clear} names it. Force and torque are in the world
 * frame, the force acting at {@code force_offset} from the link's origin in the link frame. Entities are found by
 * name ({@code model}, or {@code model::link}); Orrery has no entity ids. Unlike Gazebo, a reset drops the wrenches
 * that came over topics and keeps the world file's. Threads: the runner's.
 */
public final class ApplyLinkWrench implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-apply-link-wrench-system}. */
    public static final String SHORT_NAME = "apply-link-wrench";
    /** Gazebo's class name: {@code gz::sim::systems::ApplyLinkWrench}. */
    public static final String CLASS_NAME = "ApplyLinkWrench";

    private PluginContext context;
    private boolean verbose;
    private final List<EntityWrench> fromFile = new ArrayList<>();
    private final List<EntityWrench> instant = new ArrayList<>();
    private final List<EntityWrench> persistent = new ArrayList<>();
    private final List<Entity> clears = new ArrayList<>();

    @Override
    public void awake(PluginContext ctx) {
        context = ctx;
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        if (!(ctx.owner() instanceof PluginOwner.World)) {
            throw params.bad("must be attached to the world (declared in <world>), not to " + ctx.owner());
        }
        verbose = params.bool("verbose", true);
        for (SdfElement e : ctx.spec().parameters()) {
            if (e.name().equals("persistent")) {
                persistentFromFile(e, params).ifPresent(fromFile::add);
            }
        }
        persistent.addAll(fromFile);
        String world = ctx.snapshot().world();
        String base = "/world/" + world + "/wrench";
        TopicBus bus = ctx.topics();
        String owner = ctx.qualifiedName();
        String topic = params.topic("topic", base);
        bus.subscribe(topic, EntityWrench.class, owner, m -> queue(m, instant));
        String persistentTopic = params.topic("topic_persistent", base + "/persistent");
        bus.subscribe(persistentTopic, EntityWrench.class, owner, m -> queue(m, persistent));
        String clearTopic = params.topic("topic_clear", base + "/clear");
        bus.subscribe(clearTopic, Entity.class, owner, clears::add);
        ctx.logger()
                .info(
                        "ApplyLinkWrench listening to instantaneous wrenches on [{}], persistent on [{}], clears on"
                                + " [{}]",
                        topic,
                        persistentTopic,
                        clearTopic);
    }

    /** A {@code <persistent>} element as a message; Gazebo skips one without a name or a known type, so do we. */
    private Optional<EntityWrench> persistentFromFile(SdfElement e, GazeboParameters params) {
        Optional<String> name = text(e, "entity_name");
        Optional<String> type = text(e, "entity_type");
        if (name.isEmpty() || type.isEmpty()) {
            context.logger().warn("ApplyLinkWrench skips a <persistent> element without entity_name or entity_type");
            return Optional.empty();
        }
        Entity.Type kind = switch (type.get()) {
            case "link" -> Entity.Type.LINK;
            case "model" -> Entity.Type.MODEL;
            default -> null;
        };
        if (kind == null) {
            context.logger().warn("ApplyLinkWrench skips a <persistent> element of entity type '{}'", type.get());
            return Optional.empty();
        }
        EntityWrench.Builder msg = EntityWrench.newBuilder();
        msg.getEntityBuilder().setName(name.get()).setType(kind);
        text(e, "force").ifPresent(f -> msg.getWrenchBuilder().setForce(vector(f, params, "force")));
        text(e, "torque").ifPresent(t -> msg.getWrenchBuilder().setTorque(vector(t, params, "torque")));
        return Optional.of(msg.build());
    }

    private static Optional<String> text(SdfElement e, String child) {
        return e.child(child).map(SdfElement::text).map(String::trim).filter(t -> !t.isEmpty());
    }

    private static Vector3d vector(String text, GazeboParameters params, String element) {
        String[] parts = text.trim().split("\\s+");
        try {
            if (parts.length == 3) {
                return Vector3d.newBuilder()
                        .setX(Double.parseDouble(parts[0]))
                        .setY(Double.parseDouble(parts[1]))
                        .setZ(Double.parseDouble(parts[2]))
                        .build();
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw params.bad("<persistent><" + element + "> must be three numbers 'x y z', got '" + text + "'");
    }

    private void queue(EntityWrench message, List<EntityWrench> into) {
        if (!message.hasEntity() || !message.hasWrench()) {
            context.logger().warn("ApplyLinkWrench ignores a message without entity or wrench: {}", message);
            return;
        }
        into.add(message);
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        for (Entity clear : clears) {
            int before = persistent.size();
            persistent.removeIf(w -> sameEntity(w.getEntity(), clear));
            if (verbose && persistent.size() < before) {
                context.logger().debug("Clearing persistent wrench for entity [{}]", clear.getName());
            }
        }
        clears.clear();
        if (info.paused()) {
            return;
        }
        for (EntityWrench w : instant) {
            if (!apply(w, world)) {
                context.logger().warn("ApplyLinkWrench: entity not found: {}", w.getEntity());
            }
        }
        instant.clear();
        for (EntityWrench w : persistent) {
            apply(w, world);
        }
    }

    private static boolean sameEntity(Entity a, Entity b) {
        return a.getName().equals(b.getName()) && a.getType() == b.getType();
    }

    /** Adds the wrench to its link for this step; false when no link answers to the entity. */
    private boolean apply(EntityWrench w, PhysicsWorld world) {
        Optional<String[]> target = link(w.getEntity(), world);
        if (target.isEmpty()) {
            return false;
        }
        world.addLinkWrench(
                target.get()[0],
                target.get()[1],
                vec(w.getWrench().getForce()),
                vec(w.getWrench().getTorque()),
                vec(w.getWrench().getForceOffset()));
        return true;
    }

    /**
     * {@code [model, link]}: a link by {@code model::link} (nested links keep their scope), a model's canonical (first)
     * link, a nested model's by its scoped name {@code outer::inner} as Gazebo finds it.
     */
    private static Optional<String[]> link(Entity entity, PhysicsWorld world) {
        String name = entity.getName();
        if (entity.getType() == Entity.Type.MODEL) {
            int top = name.indexOf("::");
            String model = top < 0 ? name : name.substring(0, top);
            String path = top < 0 ? "" : name.substring(top + 2) + "::";
            DeclaringModel target = new DeclaringModel(model, path, Optional.empty());
            return world.model(model)
                    .flatMap(m -> target.links(m).stream()
                            .findFirst()
                            .or(() -> path.isEmpty() ? m.links().stream().findFirst() : Optional.empty()))
                    .map(l -> new String[] {model, l.name()});
        }
        if (entity.getType() != Entity.Type.LINK) {
            return Optional.empty();
        }
        int sep = name.indexOf("::");
        if (sep < 0) {
            return Optional.empty();
        }
        String model = name.substring(0, sep);
        String link = name.substring(sep + 2);
        Optional<ModelState> state = world.model(model);
        boolean has = state.isPresent()
                && state.get().links().stream().map(LinkState::name).anyMatch(link::equals);
        return has ? Optional.of(new String[] {model, link}) : Optional.empty();
    }

    private static Vec3 vec(Vector3d v) {
        return new Vec3(v.getX(), v.getY(), v.getZ());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        instant.clear();
        clears.clear();
        persistent.clear();
        persistent.addAll(fromFile);
    }
}
