package io.orrery.world.sdf;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;

/** Finds links by scoped name ({@code link}, {@code nested::link}) or by nested model (its canonical link). */
record LinkResolver(Map<String, LinkSpec> links, Map<String, ModelSpec> models) {

    /** A link found by a scoped name, with its pose in the joint's model frame. */
    record ResolvedLink(String scopedName, Pose poseInModel) {
    }

    Optional<ResolvedLink> resolve(String name) {
        int sep = name.indexOf("::");
        if (sep < 0) {
            LinkSpec link = links.get(name);
            if (link != null) {
                return Optional.of(new ResolvedLink(name, link.pose()));
            }
            ModelSpec model = models.get(name);
            return model == null ? Optional.empty() : canonical(model, name);
        }
        ModelSpec model = models.get(name.substring(0, sep));
        if (model == null) {
            return Optional.empty();
        }
        return of(model).resolve(name.substring(sep + 2)).map(r -> new ResolvedLink(
                name.substring(0, sep) + "::" + r.scopedName(), model.pose().compose(r.poseInModel())));
    }

    private static Optional<ResolvedLink> canonical(ModelSpec model, String scope) {
        if (!model.links().isEmpty()) {
            LinkSpec link = model.links().get(0);
            return Optional.of(new ResolvedLink(scope + "::" + link.name(), model.pose().compose(link.pose())));
        }
        for (ModelSpec nested : model.models()) {
            Optional<ResolvedLink> found = canonical(nested, scope + "::" + nested.name());
            if (found.isPresent()) {
                return found.map(r -> new ResolvedLink(r.scopedName(), model.pose().compose(r.poseInModel())));
            }
        }
        return Optional.empty();
    }

    private static LinkResolver of(ModelSpec model) {
        Map<String, LinkSpec> links = new HashMap<>();
        model.links().forEach(l -> links.put(l.name(), l));
        Map<String, ModelSpec> models = new HashMap<>();
        model.models().forEach(m -> models.put(m.name(), m));
        return new LinkResolver(links, models);
    }
}
