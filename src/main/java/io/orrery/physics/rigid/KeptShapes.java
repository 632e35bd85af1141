package io.orrery.physics.rigid;

import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.WorldSpec;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The engine shapes of a world's loaded links, built once and handed out again on every reset: a reset rebuilds the
 * same links from the same spec, and {@link ShapePlan#build} makes a link's shape from its collisions, its centre of
 * mass and whether it starts static alone, so the kept shape is the one a rebuild would make. A spawned model's links
 * are built each time (a reset drops them). An engine may keep a shape only if nothing in a world changes it.
 *
 * @param <S> the engine's shape type
 */
public final class KeptShapes<S> {

    /** The spec's top-level models, by identity: a spawned model of the same name is another model. */
    private final Set<ModelSpec> loaded = Collections.newSetFromMap(new IdentityHashMap<>());

    private final Map<LinkSpec, Kept<S>> shapes = new IdentityHashMap<>();
    private final ShapePlan.Shapes<S> factory;

    /** What a kept shape was built from, besides the link's own spec. */
    private record Kept<S>(ModelSpec top, Pose comInLink, boolean staticNow, LinkShape<S> shape) {}

    /** Keeps the shapes of {@code spec}'s models, built by {@code factory}. */
    public KeptShapes(WorldSpec spec, ShapePlan.Shapes<S> factory) {
        this.loaded.addAll(spec.models());
        this.factory = factory;
    }

    /** The link's shape: the kept one when the link is a loaded one built as before, else a new one. */
    public LinkShape<S> of(LinkPlan plan) {
        if (!loaded.contains(plan.top())) {
            return plan.shape(factory);
        }
        Kept<S> kept = shapes.get(plan.spec());
        if (kept == null
                || kept.top() != plan.top()
                || kept.staticNow() != plan.staticNow()
                || !kept.comInLink().equals(plan.comInLink())) {
            kept = new Kept<>(plan.top(), plan.comInLink(), plan.staticNow(), plan.shape(factory));
            shapes.put(plan.spec(), kept);
        }
        return kept.shape();
    }
}
