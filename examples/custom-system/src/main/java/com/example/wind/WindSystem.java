package com.example.wind;

import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.Twist;
import io.orrery.system.NamedSystem;
import io.orrery.system.OrrerySystem;
import io.orrery.system.PreUpdate;
import io.orrery.system.Stateless;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * Wind on one model, as Gazebo's WindEffects system models it: a drag toward the wind's velocity, a force of
 * mass × k × (wind − velocity), so the model's velocity changes by k × (wind − velocity) × dt each step whatever
 * its mass. A PreUpdate system: it acts before physics steps the world. Stateless: the wind it remembers is
 * configuration, and a world reset does not change it.
 */
@OrrerySystem
public class WindSystem implements PreUpdate, Stateless, NamedSystem {

    private final String model;
    private final double coefficient;
    private volatile Vec3 wind;

    /**
     * @param model the model the wind blows on
     * @param wind the wind's velocity in the world frame, m/s
     * @param coefficient k, 1/s (Gazebo's force_approximation_scaling_factor)
     */
    public WindSystem(String model, Vec3 wind, double coefficient) {
        if (!(coefficient >= 0)) {
            throw new IllegalArgumentException("wind.coefficient must be at least 0, got " + coefficient);
        }
        this.model = model;
        this.wind = wind;
        this.coefficient = coefficient;
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        if (info.paused()) {
            return; // no time passes in a paused cycle
        }
        Optional<ModelState> state = world.model(model);
        if (state.isEmpty() || state.get().isStatic()) {
            return; // not in this world (or removed): nothing to blow on
        }
        Twist velocity = state.get().velocity();
        Vec3 change = wind.minus(velocity.linear()).times(coefficient * info.dtNanos() / 1e9);
        world.setModelVelocity(model, new Twist(velocity.linear().plus(change), velocity.angular()));
    }

    /** Changes the wind from the next step on; safe from any thread (the gust plugin's commands call it). */
    public void setWind(Vec3 velocity) {
        this.wind = velocity;
    }

    public Vec3 wind() {
        return wind;
    }

    @Override
    public String systemName() {
        return "wind";
    }
}
