package io.orrery.system.gazebo;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.plugin.PluginContext;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import java.util.List;
import java.util.Optional;

/**
 * The model a model plugin is attached to, as Gazebo attaches a system to the model that declares it: the top-level
 * model itself, or a nested model within it. The physics state knows only top-level models, their nested models'
 * links and joints scoped by path ({@code inner::link}); this turns a name as the declaring model writes it into that
 * scoped name, and gives the names Gazebo's topics use for the declaring model.
 *
 * @param model the owning top-level model's name
 * @param scope the declaring nested model's path within {@code model} followed by {@code ::}, empty for the
 *     top-level model's own plugin
 * @param top the top-level model as its file gave it, when the host has it
 */
public record DeclaringModel(String model, String scope, Optional<ModelSpec> top) {

    /** The model of a plugin that must be attached to one; throws (via {@code params}) when it is a world plugin. */
    public static DeclaringModel of(PluginContext ctx, GazeboParameters params) {
        String model = params.model(ctx.owner());
        String scope = ctx.scope();
        return new DeclaringModel(model, scope, ctx.modelSpec());
    }

    /** The declaring model as its file gave it, when the host has it. */
    public Optional<ModelSpec> spec() {
        return spec(scope);
    }

    /** The model at {@code path} ({@code a::b::}, empty for the top-level one) as its file gave it. */
    public Optional<ModelSpec> spec(String path) {
        if (top.isEmpty()) {
            return Optional.empty();
        }
        ModelSpec at = top.get();
        for (String step : path.isEmpty()
                ? new String[0]
                : path.substring(0, path.length() - 2).split("::")) {
            Optional<ModelSpec> next =
                    at.models().stream().filter(m -> m.name().equals(step)).findFirst();
            if (next.isEmpty()) {
                return Optional.empty();
            }
            at = next.get();
        }
        return Optional.of(at);
    }

    /** True for a nested model's plugin. */
    public boolean nested() {
        return !scope.isEmpty();
    }

    /** The declaring model's own name, as Gazebo's {@code Model::Name} gives it to {@code /model/<name>/...}. */
    public String name() {
        return GazeboTopics.declaringModel(model, scope);
    }

    /** {@code /model/<name>/<rest>}: a default topic under the declaring model's own name. */
    public String topic(String rest) {
        return GazeboTopics.ofModel(name(), rest);
    }

    /**
     * Gazebo's {@code topicFromScopedName} of the declaring model: {@code /model/outer/model/inner}, the base of the
     * topics that PosePublisher, TouchPlugin and JointStatePublisher name after the model's full path.
     */
    public String scopedTopic() {
        return "/model/" + model
                + ("::" + scope).replaceAll("::([^:]+)::", "/model/$1").replaceAll("::$", "");
    }

    /** The declaring model's full name, {@code outer::inner}, as Gazebo's {@code scopedName} gives it. */
    public String scopedName() {
        return nested() ? model + "::" + scope.substring(0, scope.length() - 2) : model;
    }

    /** {@code name} (a link's or joint's, as the declaring model writes it) as the physics state names it. */
    public String scoped(String name) {
        return scope + name;
    }

    /** The declaring model's own links (not those of models nested in it), in the state's order. */
    public List<LinkState> links(ModelState state) {
        return state.links().stream().filter(l -> own(l.name())).toList();
    }

    private boolean own(String scopedName) {
        return scopedName.startsWith(scope)
                && !scopedName.substring(scope.length()).contains("::");
    }

    /**
     * The declaring model's pose in the world: the top-level model's, or a nested model's found from its canonical
     * (first) link, whose pose in the nested model its spec gives. Empty when the nested model has no link.
     */
    public Optional<Pose> pose(ModelState state) {
        return pose(scope, state);
    }

    /** As {@link #pose(ModelState)} for the model at {@code path} ({@code a::b::}, empty for the top-level one). */
    public Optional<Pose> pose(String path, ModelState state) {
        if (path.isEmpty()) {
            return Optional.of(state.pose());
        }
        return spec(path)
                .flatMap(ModelSpec::canonicalLink)
                .flatMap(canonical -> state.link(path + canonical.name())
                        .map(link -> link.pose().compose(canonical.pose().inverse())));
    }
}
