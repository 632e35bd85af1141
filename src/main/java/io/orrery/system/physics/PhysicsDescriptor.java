package io.orrery.system.physics;

import com.google.auto.service.AutoService;
import io.orrery.system.Priorities;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares Gazebo's Physics system ({@code gz-sim-physics-system}): Orrery's runner steps every world's engine in
 * the Update phase at {@link Priorities#PHYSICS}, so a world's element naming it loads as nothing.
 */
@AutoService(SystemDescriptor.class)
public final class PhysicsDescriptor implements SystemDescriptor {

    /** The name the physics step goes by. */
    public static final String NAME = "physics";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Kind kind() {
        return Kind.CORE;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(NAME);
    }

    @Override
    public int priority() {
        return Priorities.PHYSICS;
    }
}
