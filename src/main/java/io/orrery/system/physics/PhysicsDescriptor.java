package io.orrery.system.physics;

import com.google.auto.service.AutoService;
import io.orrery.system.Priorities;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.WorldSystem;
import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;
import java.util.List;
import java.util.Optional;

/**
 * Declares Gazebo's Physics system ({@code gz-sim-physics-system}): the core's own work, the {@link PhysicsStep} in
 * the Update phase at {@link Priorities#PHYSICS}, which the runner adds to every world before its other systems; so a
 * world's element naming it loads as nothing.
 */
@AutoService(SystemDescriptor.class)
public final class PhysicsDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return PhysicsStep.NAME;
    }

    @Override
    public Kind kind() {
        return Kind.CORE;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(PhysicsStep.NAME);
    }

    @Override
    public int priority() {
        return Priorities.PHYSICS;
    }

    @Override
    public Optional<WorldSystem> coreSystem() {
        return Optional.of(new WorldSystem() {
            @Override
            public String name() {
                return PhysicsStep.NAME;
            }

            @Override
            public boolean core() {
                return true;
            }

            @Override
            public Object create(WorldSpec world, TopicBus topics) {
                return new PhysicsStep();
            }
        });
    }
}
