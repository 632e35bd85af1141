package io.orrery.system;

import io.orrery.physics.ContactPoint;
import io.orrery.physics.JointState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.StateVisitor;
import io.orrery.physics.WorldView;
import io.orrery.world.Vec3;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link WorldView} over a physics world that cannot be cast back to it, so a PostUpdate system cannot
 * change the world. The serialized variant takes one lock per call, for when several PostUpdate systems read
 * at once: {@link PhysicsWorld} promises nothing about concurrent readers.
 */
final class ReadOnlyWorldView implements WorldView {

    private final WorldView world;
    private final boolean serialized;

    private ReadOnlyWorldView(WorldView world, boolean serialized) {
        this.world = Objects.requireNonNull(world, "world");
        this.serialized = serialized;
    }

    /** A view that reads from the calling thread without locking. */
    static ReadOnlyWorldView of(WorldView world) {
        return new ReadOnlyWorldView(unwrap(world), false);
    }

    /** A view whose calls are serialized on one lock, safe to share between threads while nothing writes. */
    static ReadOnlyWorldView serialized(WorldView world) {
        return new ReadOnlyWorldView(unwrap(world), true);
    }

    /** True when this view reads from {@code world}, or from what {@code world} itself views. */
    boolean isViewOf(WorldView world) {
        return this.world == unwrap(world);
    }

    boolean isSerialized() {
        return serialized;
    }

    @Override
    public List<String> modelNames() {
        return read(() -> Collections.unmodifiableList(world.modelNames()));
    }

    @Override
    public Optional<ModelState> model(String name) {
        return read(() -> world.model(name));
    }

    @Override
    public List<ModelState> models() {
        return read(() -> Collections.unmodifiableList(world.models()));
    }

    @Override
    public void visitState(StateVisitor visitor) {
        read(() -> {
            world.visitState(visitor);
            return null;
        });
    }

    @Override
    public int bodyCount() {
        return read(world::bodyCount);
    }

    @Override
    public Optional<JointState> joint(String model, String joint) {
        return read(() -> world.joint(model, joint));
    }

    @Override
    public Optional<RayHit> rayCast(Vec3 from, Vec3 to) {
        return read(() -> world.rayCast(from, to));
    }

    @Override
    public List<ContactPoint> contacts(String model, String link) {
        return read(() -> world.contacts(model, link));
    }

    /** Reads from the world, under the view's lock when it is shared between threads. */
    private <T> T read(Supplier<T> reading) {
        if (serialized) {
            synchronized (this) {
                return reading.get();
            }
        }
        return reading.get();
    }

    @Override
    public String toString() {
        return "read-only view of " + world;
    }

    private static WorldView unwrap(WorldView world) {
        return world instanceof ReadOnlyWorldView view ? view.world : world;
    }
}
