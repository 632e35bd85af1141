package io.orrery.system.detachablejoint;

import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.WorldView;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the link a detachable joint holds, as gz-sim's DetachableJoint finds it: {@code <child_model>} names a model
 * anywhere in the world by its name or the end of its scoped name ({@code child_model}, {@code M4::child_model}),
 * or the plugin's own model by {@code __model__}. When several models answer to the name, the first that lies
 * within the plugin's model and has the link is taken. Nested models' links are scoped within their top-level model
 * ({@code inner::link}), so a nested model is known here by the prefixes of its links' names.
 *
 * @param top the top-level model the link is in
 * @param link the link's name scoped within {@code top}
 */
record ChildLink(String top, String link) {

    /** The name that means the plugin's own model. */
    static final String OWN_MODEL = "__model__";

    /**
     * The link, or empty when no model answers to {@code childModel} or the one chosen has no such link.
     *
     * @param owner the plugin's model as a scoped path from the world ({@code M5}, {@code M5::inner})
     * @param ownerTop the plugin's top-level model
     * @param ownerScope the plugin's model's prefix within it ({@code inner::}, or empty)
     */
    static Optional<ChildLink> find(
            WorldView world, String childModel, String childLink, String owner, String ownerTop, String ownerScope) {
        if (OWN_MODEL.equals(childModel)) {
            return has(world, ownerTop, ownerScope + childLink);
        }
        List<String[]> candidates = new ArrayList<>(); // {top, scope within it, path from the world}
        for (ModelState model : world.models()) {
            for (String scope : scopes(model)) {
                String path = scope.isEmpty() ? model.name() : model.name() + "::" + chop(scope);
                if (path.equals(childModel) || path.endsWith("::" + childModel)) {
                    candidates.add(new String[] {model.name(), scope, path});
                }
            }
        }
        if (candidates.size() == 1) {
            return has(world, candidates.get(0)[0], candidates.get(0)[1] + childLink);
        }
        for (String[] c : candidates) {
            if (c[2].equals(owner) || c[2].startsWith(owner + "::")) {
                Optional<ChildLink> found = has(world, c[0], c[1] + childLink);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** The prefixes of the model's links' names: "" for its own links, {@code a::}, {@code a::b::} for nested ones. */
    private static Set<String> scopes(ModelState model) {
        Set<String> scopes = new LinkedHashSet<>();
        scopes.add("");
        for (LinkState link : model.links()) {
            String name = link.name();
            for (int cut = name.indexOf("::"); cut >= 0; cut = name.indexOf("::", cut + 2)) {
                scopes.add(name.substring(0, cut + 2));
            }
        }
        return scopes;
    }

    private static String chop(String scope) {
        return scope.substring(0, scope.length() - 2);
    }

    private static Optional<ChildLink> has(WorldView world, String top, String link) {
        return world.model(top).flatMap(m -> m.link(link)).map(l -> new ChildLink(top, link));
    }
}
