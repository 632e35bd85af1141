package io.orrery.system.joints;

import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginOwner;

/** The model a joint system is attached to: Gazebo's joint systems work only inside a {@code <model>}. */
public final class AttachedModel {

    private AttachedModel() {
    }

    /** The owning top-level model's name; throws when the plugin sits at world level. */
    public static String of(PluginContext context, SystemParameters params) {
        if (context.owner() instanceof PluginOwner.Model model) {
            return model.name();
        }
        throw params.bad("must be attached to a model: put the <plugin> inside the <model> whose joints it uses");
    }
}
