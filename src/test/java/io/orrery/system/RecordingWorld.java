package io.orrery.system;

import io.orrery.physics.ContactPoint;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.PhysicsWorld;
import io.orrery.physics.RayHit;
import io.orrery.physics.Twist;
import io.orrery.physics.UnknownJointException;
import io.orrery.physics.UnknownModelException;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test double for {@link PhysicsWorld} (the JBullet world is not on this branch): point models that move
 * along x at a constant speed, x += v * dt per step. It records the calls it gets, and it counts how many
 * reads overlap, to check that readers are serialized and that nobody steps while somebody reads.
 */
public final class RecordingWorld implements PhysicsWorld {

    private final Map<String, double[]> initial = new LinkedHashMap<>(); // name -> {x, v}
    private final Map<String, double[]> models = new LinkedHashMap<>();
    public final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger readsInProgress = new AtomicInteger();
    final AtomicInteger maxConcurrentReads = new AtomicInteger();
    public int steps;

    public RecordingWorld withModel(String name, double x, double v) {
        initial.put(name, new double[] {x, v});
        models.put(name, new double[] {x, v});
        return this;
    }

    public double x(String model) {
        return state(model)[0];
    }

    @Override
    public void step(double dt) {
        if (readsInProgress.get() != 0) {
            throw new IllegalStateException("stepped while a reader was reading");
        }
        calls.add("step " + dt);
        steps++;
        for (double[] m : models.values()) {
            m[0] += m[1] * dt;
        }
    }

    @Override
    public void setModelPose(String model, Pose pose) {
        calls.add("setModelPose " + model);
        state(model)[0] = pose.position().x();
    }

    @Override
    public void setModelVelocity(String model, Twist velocity) {
        calls.add("setModelVelocity " + model);
        state(model)[1] = velocity.linear().x();
    }

    @Override
    public void setStatic(String model, boolean isStatic) {
        calls.add("setStatic " + model);
    }

    @Override
    public void addModel(ModelSpec model) {
        calls.add("addModel " + model.name());
        models.put(model.name(), new double[] {model.pose().position().x(), 0});
    }

    @Override
    public void removeModel(String model) {
        calls.add("removeModel " + model);
        state(model);
        models.remove(model);
    }

    @Override
    public Optional<JointState> joint(String model, String joint) {
        state(model);
        return Optional.empty(); // point models have no joints
    }

    @Override
    public void setJointVelocityCommand(String model, String joint, double velocity) {
        throw new UnknownJointException(model, joint);
    }

    @Override
    public void setJointForce(String model, String joint, double effort) {
        throw new UnknownJointException(model, joint);
    }

    @Override
    public void resetJointPosition(String model, String joint, double position) {
        throw new UnknownJointException(model, joint);
    }

    @Override
    public Optional<RayHit> rayCast(Vec3 from, Vec3 to) {
        return Optional.empty(); // point models have no shape
    }

    @Override
    public List<ContactPoint> contacts(String model, String link) {
        state(model);
        return List.of();
    }

    @Override
    public void reset() {
        calls.add("reset");
        models.clear();
        initial.forEach((name, s) -> models.put(name, s.clone()));
    }

    @Override
    public void close() {
        calls.add("close");
    }

    @Override
    public List<String> modelNames() {
        return read(() -> List.copyOf(models.keySet()));
    }

    @Override
    public Optional<ModelState> model(String name) {
        return read(() -> Optional.ofNullable(models.get(name)).map(s -> {
            Pose pose = new Pose(new Vec3(s[0], 0, 0), Quat.IDENTITY);
            Twist velocity = new Twist(new Vec3(s[1], 0, 0), Vec3.ZERO);
            return new ModelState(name, pose, velocity, false, List.of(new LinkState("link", pose, velocity, false)));
        }));
    }

    @Override
    public int bodyCount() {
        return read(models::size);
    }

    private <T> T read(java.util.function.Supplier<T> reader) {
        int now = readsInProgress.incrementAndGet();
        maxConcurrentReads.accumulateAndGet(now, Math::max);
        try {
            Thread.yield(); // widen the window in which an unserialized reader would overlap
            return reader.get();
        } finally {
            readsInProgress.decrementAndGet();
        }
    }

    private double[] state(String model) {
        double[] s = models.get(model);
        if (s == null) {
            throw new UnknownModelException(model);
        }
        return s;
    }
}
