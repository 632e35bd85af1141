package io.orrery.physics;

import java.util.List;
import java.util.Optional;

/** A read-only view of the simulated world's bodies. */
public interface WorldView {

    /** Names of the top-level models, in load order. */
    List<String> modelNames();

    /** The model's current state, or empty if there is no such model. */
    Optional<ModelState> model(String name);

    /** The number of rigid bodies (links with a body), static ones included. */
    int bodyCount();
}
