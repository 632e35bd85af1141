package io.orrery.system.liftdrag;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/** Declares {@link LiftDrag}: {@code gz-sim-lift-drag-system}, {@code gz::sim::systems::LiftDrag}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class LiftDragDescriptor extends GazeboPort {

    public LiftDragDescriptor() {
        super(LiftDrag.SHORT_NAME, LiftDrag.CLASS_NAME, spec -> new LiftDrag());
    }
}
