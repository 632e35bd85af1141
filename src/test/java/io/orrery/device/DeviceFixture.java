package io.orrery.device;

import com.google.protobuf.Message;
import io.orrery.builtin.Extensions;
import io.orrery.ops.PhysicsEngines;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.PhysicsWorld;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.BusDriver;
import io.orrery.topic.TopicBus;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A world's physics and devices stepped as the runner does (physics, then the devices' PostUpdate), with the reset
 * cascade's order for a reset (world, bus, devices), on the test thread.
 */
final class DeviceFixture implements AutoCloseable {

    final WorldSpec spec;
    final PhysicsWorld world;
    final TopicBus bus;
    final Devices devices;
    private final long stepNanos;
    private UpdateInfo info = UpdateInfo.START;

    DeviceFixture(Path file, long seed) {
        this(new SdfReader(List.of()).read(file), seed);
    }

    DeviceFixture(WorldSpec spec, long seed) {
        this(spec, seed, PhysicsEngines.named(PhysicsEngines.NAMES.get(0)));
    }

    DeviceFixture(WorldSpec spec, long seed, PhysicsEngine engine) {
        this.spec = spec;
        this.world = engine.build(spec);
        this.bus = new TopicBus(BusDriver.callingThread());
        this.devices = Devices.build(spec, bus, seed, Extensions.discovered().deviceKinds());
        this.stepNanos = Math.round(spec.physics().maxStepSize() * 1e9);
        devices.reset(world); // as the reset cascade at load
    }

    static DeviceFixture load(String name, long seed) {
        return new DeviceFixture(Path.of("src/test/resources/worlds", name + ".sdf"), seed);
    }

    /** Loads {@code src/test/resources/worlds/<name>.sdf} on the given engine. */
    static DeviceFixture load(String name, long seed, PhysicsEngine engine) {
        return new DeviceFixture(
                new SdfReader(List.of()).read(Path.of("src/test/resources/worlds", name + ".sdf")), seed, engine);
    }

    /** Every message published on {@code topic} from now on. */
    <T extends Message> List<T> record(String topic, Class<T> type) {
        List<T> messages = new ArrayList<>();
        bus.subscribe(topic, type, "test", messages::add);
        return messages;
    }

    void step(int n) {
        for (int i = 0; i < n; i++) {
            world.step(stepNanos / 1e9);
            info = info.next(stepNanos, 0);
            devices.postUpdate(info, world);
        }
    }

    long simTimeNanos() {
        return info.simTimeNanos();
    }

    /** The reset cascade's order: the world as loaded, the bus cleared, then the devices. */
    void reset() {
        world.reset();
        bus.reset();
        info = UpdateInfo.START;
        devices.reset(world);
    }

    @Override
    public void close() {
        devices.close();
        bus.close();
        world.close();
    }
}
