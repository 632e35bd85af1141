package io.orrery.world;

import java.util.List;
import java.util.Optional;

/**
 * A {@code <model>}, or a resolved {@code <include>} of one.
 *
 * @param name the model name (an include's {@code <name>} override applied)
 * @param pose pose in the parent frame: the world for a top-level model, the parent model for a nested one
 * @param isStatic {@code <static>}; a static model never moves
 * @param allowAutoDisable {@code <allow_auto_disable>} (default true); false keeps its bodies from sleeping
 * @param links the model's own links
 * @param joints the model's own joints
 * @param plugins model-level plugins
 * @param models nested models
 * @param includeUri the {@code model://} URI when the model came from an {@code <include>}
 * @param line the line of the element in the source, for messages
 */
public record ModelSpec(
        String name,
        Pose pose,
        boolean isStatic,
        boolean allowAutoDisable,
        List<LinkSpec> links,
        List<JointSpec> joints,
        List<PluginSpec> plugins,
        List<ModelSpec> models,
        Optional<String> includeUri,
        int line) {

    public ModelSpec {
        links = List.copyOf(links);
        joints = List.copyOf(joints);
        plugins = List.copyOf(plugins);
        models = List.copyOf(models);
    }

    /** The same model under another name, pose or static flag. */
    public ModelSpec with(String newName, Pose newPose, boolean newStatic) {
        return new ModelSpec(
                newName, newPose, newStatic, allowAutoDisable, links, joints, plugins, models, includeUri, line);
    }

    /** The canonical link: the first link, as SDF's default. Empty if the model has no links of its own. */
    public Optional<LinkSpec> canonicalLink() {
        return links.isEmpty() ? Optional.empty() : Optional.of(links.get(0));
    }
}
