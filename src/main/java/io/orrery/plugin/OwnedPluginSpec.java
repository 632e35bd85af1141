package io.orrery.plugin;

import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A plugin element and who declared it.
 *
 * @param owner the world or the top-level model that declared it
 * @param spec the element
 * @param instance 1 for the first element of its name in its owner, 2 for the second and so on: Gazebo's {@code name}
 *     is the system's class, so a model may carry several of one (a JointPositionController per joint)
 * @param scope for an element of a nested model, that model's path in the top-level one followed by {@code ::}
 *     ({@code inner::} or {@code inner::deeper::}), the prefix of its links' and joints' names; empty otherwise
 * @param model the top-level model that declared it, as read (its links' inertia, its collisions), for a model's
 */
public record OwnedPluginSpec(
        PluginOwner owner, PluginSpec spec, int instance, Optional<ModelSpec> model, String scope) {

    public OwnedPluginSpec {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(scope, "scope");
        if (instance < 1) {
            throw new IllegalArgumentException("instance must be at least 1, got " + instance);
        }
    }

    /** An element of the top-level model itself (or of the world). */
    public OwnedPluginSpec(PluginOwner owner, PluginSpec spec, int instance, Optional<ModelSpec> model) {
        this(owner, spec, instance, model, "");
    }

    /** An element whose owner's model is not at hand. */
    public OwnedPluginSpec(PluginOwner owner, PluginSpec spec, int instance) {
        this(owner, spec, instance, Optional.empty());
    }

    /** The first (or only) element of its name in its owner. */
    public OwnedPluginSpec(PluginOwner owner, PluginSpec spec) {
        this(owner, spec, 1);
    }

    /**
     * The host's name for this plugin: the instance name for world-level plugins, {@code <model>::<instance>}
     * for model-level ones, so two copies of one robot can carry the same plugin; a second element of the same name
     * in the same owner is {@code <name>#2}, and so on.
     */
    public String qualifiedName() {
        String name = instance == 1 ? spec.name() : spec.name() + "#" + instance;
        return owner instanceof PluginOwner.Model m ? m.name() + "::" + name : name;
    }

    /** {@code specs}, all declared by {@code owner}, numbered in order among those of the same name. */
    public static List<OwnedPluginSpec> numbered(PluginOwner owner, List<PluginSpec> specs) {
        return numbered(owner, specs, Optional.empty());
    }

    private static List<OwnedPluginSpec> numbered(
            PluginOwner owner, List<PluginSpec> specs, Optional<ModelSpec> model) {
        return numbered(owner, specs, model, specs.stream().map(p -> "").toList());
    }

    /** {@code specs} numbered in order, {@code scopes.get(i)} the scope of {@code specs.get(i)}. */
    private static List<OwnedPluginSpec> numbered(
            PluginOwner owner, List<PluginSpec> specs, Optional<ModelSpec> model, List<String> scopes) {
        Map<String, Integer> seen = new HashMap<>();
        List<OwnedPluginSpec> all = new ArrayList<>(specs.size());
        for (int i = 0; i < specs.size(); i++) {
            PluginSpec p = specs.get(i);
            all.add(new OwnedPluginSpec(owner, p, seen.merge(p.name(), 1, Integer::sum), model, scopes.get(i)));
        }
        return all;
    }

    /**
     * Every plugin of a loaded world in load order: always-on plugins first, then the world's own, then each
     * top-level model's (its nested models' plugins belong to the top-level model).
     */
    public static List<OwnedPluginSpec> of(WorldSpec world, List<PluginSpec> alwaysOn) {
        List<OwnedPluginSpec> all = new ArrayList<>();
        alwaysOn.forEach(p -> all.add(new OwnedPluginSpec(PluginOwner.world(), p)));
        all.addAll(numbered(PluginOwner.world(), world.plugins()));
        for (ModelSpec model : world.models()) {
            all.addAll(ofModel(model));
        }
        return all;
    }

    /**
     * The plugins of a top-level model and of its nested models, owned by the top-level model; a nested model's are
     * bound to it by their {@link #scope()}, as Gazebo attaches a system to the model that declares it.
     */
    public static List<OwnedPluginSpec> ofModel(ModelSpec model) {
        List<PluginSpec> all = new ArrayList<>();
        List<String> scopes = new ArrayList<>();
        collect(model, "", all, scopes);
        return numbered(PluginOwner.model(model.name()), all, Optional.of(model), scopes);
    }

    private static void collect(ModelSpec model, String scope, List<PluginSpec> into, List<String> scopes) {
        into.addAll(model.plugins());
        model.plugins().forEach(p -> scopes.add(scope));
        model.models().forEach(nested -> collect(nested, scope + nested.name() + "::", into, scopes));
    }
}
