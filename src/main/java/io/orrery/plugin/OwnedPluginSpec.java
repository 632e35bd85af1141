package io.orrery.plugin;

import io.orrery.world.ModelSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.WorldSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A plugin element and who declared it.
 *
 * @param owner the world or the top-level model that declared it
 * @param spec the element
 */
public record OwnedPluginSpec(PluginOwner owner, PluginSpec spec) {

    public OwnedPluginSpec {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(spec, "spec");
    }

    /**
     * The host's name for this plugin: the instance name for world-level plugins, {@code <model>::<instance>}
     * for model-level ones, so two copies of one robot can carry the same plugin.
     */
    public String qualifiedName() {
        return owner instanceof PluginOwner.Model m ? m.name() + "::" + spec.name() : spec.name();
    }

    /**
     * Every plugin of a loaded world in load order: always-on plugins first, then the world's own, then each
     * top-level model's (its nested models' plugins belong to the top-level model).
     */
    public static List<OwnedPluginSpec> of(WorldSpec world, List<PluginSpec> alwaysOn) {
        List<OwnedPluginSpec> all = new ArrayList<>();
        alwaysOn.forEach(p -> all.add(new OwnedPluginSpec(PluginOwner.world(), p)));
        world.plugins().forEach(p -> all.add(new OwnedPluginSpec(PluginOwner.world(), p)));
        for (ModelSpec model : world.models()) {
            all.addAll(ofModel(model));
        }
        return all;
    }

    /** The plugins of a top-level model and of its nested models, owned by the top-level model. */
    public static List<OwnedPluginSpec> ofModel(ModelSpec model) {
        List<OwnedPluginSpec> all = new ArrayList<>();
        collect(PluginOwner.model(model.name()), model, all);
        return all;
    }

    private static void collect(PluginOwner owner, ModelSpec model, List<OwnedPluginSpec> into) {
        model.plugins().forEach(p -> into.add(new OwnedPluginSpec(owner, p)));
        model.models().forEach(nested -> collect(owner, nested, into));
    }
}
