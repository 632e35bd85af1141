package io.orrery.system;

import io.orrery.physics.WorldView;
import io.orrery.world.Pose;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A probe for the ported systems' simulation tests, as gz-sim's tests record a model's pose component in a test
 * system's PostUpdate: the model's pose after every step that ran. A reset keeps what it recorded, as the .cc's
 * relay does.
 */
public final class ModelTrace implements PostUpdate, Stateless {

    private final String model;
    private final List<Pose> poses = Collections.synchronizedList(new ArrayList<>());

    private ModelTrace(String model) {
        this.model = model;
    }

    /** A trace of {@code model}, registered with {@code sim} for the world it starts next. */
    public static ModelTrace on(GazeboSystemRunner sim, String model) {
        ModelTrace trace = new ModelTrace(model);
        sim.system(trace);
        return trace;
    }

    @Override
    public void postUpdate(UpdateInfo info, WorldView world) {
        if (!info.paused()) {
            poses.add(world.model(model)
                    .orElseThrow(() -> new AssertionError("no model '" + model + "'"))
                    .pose());
        }
    }

    /** The poses so far, one a step, oldest first (a copy). */
    public List<Pose> poses() {
        synchronized (poses) {
            return List.copyOf(poses);
        }
    }
}
