package io.orrery.system.detachablejoint;

import com.gz.msgs.EmptyProtos.Empty;
import com.gz.msgs.StringMsgProtos.StringMsg;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.system.gazebo.DeclaringModel;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.system.gazebo.GazeboTopics;
import io.orrery.topic.Publisher;
import io.orrery.world.ModelSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;

/**
 * Gazebo's DetachableJoint system ({@code gz-sim-detachable-joint-system}), a model plugin: a fixed joint between
 * the model's link {@code <parent_link>} and the link {@code <child_link>} of the model {@code <child_model>} (another
 * model, a nested one, or {@code __model__} for the plugin's own), made in the first step as the two links are then.
 * A {@code gz.msgs.Empty} on {@code <detach_topic>} (or the older {@code <topic>}; by default
 * {@code /model/<model>/detachable_joint/detach}) breaks it, one on {@code <attach_topic>}
 * ({@code /model/<model>/detachable_joint/attach}) makes it again where the links are then, and each change is
 * published as a {@code gz.msgs.StringMsg}, {@code attached} or {@code detached}, on {@code <output_topic>}
 * ({@code /model/<child_model>/detachable_joint/state}). While the child cannot be found it is looked for every step,
 * with one warning (not one a step, as Gazebo's) unless {@code <suppress_child_warning>}. A reset restores the joint
 * as loaded. Gazebo's attach topic takes a message of any type; this one takes {@code gz.msgs.Empty}. Threads: the
 * runner's.
 */
public final class DetachableJoint implements Plugin, PreUpdate, Reset {

    /** Gazebo's short name: {@code gz-sim-detachable-joint-system}. */
    public static final String SHORT_NAME = "detachable-joint";
    /** Gazebo's class name: {@code gz::sim::systems::DetachableJoint}. */
    public static final String CLASS_NAME = "DetachableJoint";

    private Logger log;
    private String top;
    private String scope;
    /** The plugin's model as a scoped path from the world: {@code M5}, or {@code M5::inner} for a nested one. */
    private String owner;

    private String parentLink;
    private String childModel;
    private String childLink;
    private boolean suppressChildWarning;
    private Publisher<StringMsg> output;

    private boolean attachRequested = true;
    private boolean detachRequested;
    private boolean attached;
    private boolean warned;
    /** The physics world's id of the joint while attached. */
    private long joint;

    @Override
    public void awake(PluginContext ctx) {
        log = ctx.logger();
        GazeboParameters params = new GazeboParameters(ctx.spec(), CLASS_NAME);
        top = params.model(ctx.owner());
        scope = ctx.scope();
        owner = scope.isEmpty() ? top : top + "::" + scope.substring(0, scope.length() - 2);
        String model = GazeboTopics.declaringModel(top, scope);
        parentLink = required(params, "parent_link");
        childModel = required(params, "child_model");
        childLink = required(params, "child_link");
        Optional<ModelSpec> spec = DeclaringModel.of(ctx, params).spec();
        if (spec.isPresent()
                && spec.get().links().stream().noneMatch(l -> l.name().equals(parentLink))) {
            throw params.bad("link '" + parentLink + "' (<parent_link>) is not a link of model '" + model + "'");
        }
        suppressChildWarning = params.bool("suppress_child_warning", false);

        List<String> detachTopics = new ArrayList<>();
        params.text("detach_topic").ifPresent(detachTopics::add);
        params.text("topic").ifPresent(t -> {
            if (detachTopics.isEmpty()) {
                detachTopics.add(t);
            } else if (!t.equals(detachTopics.get(0))) {
                log.error("<topic> and <detach_topic> tags have different contents. Please verify the correct"
                        + " string and use <detach_topic>.");
            }
        });
        detachTopics.add(GazeboTopics.ofModel(model, "detachable_joint/detach"));
        String detachTopic = firstValid(params, detachTopics, "detach");
        String attachTopic = firstValid(
                params,
                given(params, "attach_topic", GazeboTopics.ofModel(model, "detachable_joint/attach")),
                "attach");
        String outputTopic = firstValid(
                params,
                given(params, "output_topic", GazeboTopics.ofModel(childModel, "detachable_joint/state")),
                "output");
        String name = ctx.qualifiedName();
        ctx.topics().subscribe(detachTopic, Empty.class, name, m -> onDetach());
        ctx.topics().subscribe(attachTopic, Empty.class, name, m -> onAttach());
        output = ctx.topics().advertise(outputTopic, StringMsg.class, name);
        log.debug(
                "DetachableJoint: detach topic [{}], attach topic [{}], output topic [{}]",
                detachTopic,
                attachTopic,
                outputTopic);
    }

    private static String required(GazeboParameters params, String element) {
        return params.text(element)
                .map(String::trim)
                .filter(t -> !t.isEmpty())
                .orElseThrow(() -> params.bad("'" + element + "' is a required parameter for DetachableJoint"));
    }

    private static List<String> given(GazeboParameters params, String element, String fallback) {
        List<String> topics = new ArrayList<>();
        params.text(element).ifPresent(topics::add);
        topics.add(fallback);
        return topics;
    }

    /** gz-sim's {@code validTopic}: the first of the names that makes a valid topic. */
    private String firstValid(GazeboParameters params, List<String> names, String what) {
        for (String name : names) {
            try {
                return GazeboTopics.valid(name);
            } catch (IllegalArgumentException e) {
                log.error("Topic [{}] is invalid, ignoring.", name); // and the next one, as Gazebo does
            }
        }
        throw params.bad("no valid " + what + " topic among " + names);
    }

    private void onDetach() {
        if (!attached) {
            log.debug("Already detached");
            return;
        }
        detachRequested = true;
    }

    private void onAttach() {
        if (attached) {
            log.debug("Already attached");
            return;
        }
        attachRequested = true;
    }

    @Override
    public void start(PluginContext ctx) {
        // everything is set up in awake
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (!attached && attachRequested) {
            Optional<ChildLink> child = ChildLink.find(world, childModel, childLink, owner, top, scope);
            if (child.isPresent()) {
                joint = world.attach(
                        top, scope + parentLink, child.get().top(), child.get().link());
                attachRequested = false;
                attached = true;
                publish("attached");
            } else if (!suppressChildWarning && !warned) {
                warned = true;
                log.warn(
                        "Child Link {} of model {} could not be found; looking for it every step",
                        childLink,
                        childModel);
            }
        }
        if (attached && detachRequested) {
            world.detach(joint);
            detachRequested = false;
            attached = false;
            publish("detached");
        }
    }

    private void publish(String state) {
        output.publish(StringMsg.newBuilder().setData(state).build());
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        if (attached) {
            world.detach(joint); // a world reset has dropped it already: then this finds nothing
        }
        attachRequested = true;
        detachRequested = false;
        attached = false;
        warned = false;
    }
}
