package io.orrery.device;

import com.google.protobuf.Message;
import com.gz.msgs.HeaderProtos.Header;
import io.orrery.noise.Noise;
import io.orrery.noise.Seeds;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.SdfElement;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A sensor on a link (CLOiSim's Device): observes the world after every step and samples it at its
 * {@code <update_rate>} in sim time, as gz-sensors does (the first sample at the first step, then every period,
 * skipping ahead when steps are longer than the period; rate 0 samples every step). Built per loaded world and reset
 * by the reset cascade: a reset starts the clock of samples and every noise stream over.
 */
public abstract class Device {

    private final Mount mount;
    private final DeviceContext context;
    private final long periodNanos;
    private final List<Noise> noises = new ArrayList<>();
    /** The stream name of each noise, in the same order: a stream's seed is the run's seed mixed with it. */
    private final List<String> streams = new ArrayList<>();
    /** What the device advertised: withdrawn one by one when it goes, never by owner (a namesake may share it). */
    private final List<Publisher<?>> publishers = new ArrayList<>();

    private long nextSampleNanos;

    protected Device(Mount mount, DeviceContext context) {
        this.mount = mount;
        this.context = context;
        double rate = mount.sensor().updateRate();
        this.periodNanos = rate > 0 ? Math.max(1, Math.round(1e9 / rate)) : 0;
    }

    /** Where the device sits. */
    public final Mount mount() {
        return mount;
    }

    /** The topic the device publishes on. */
    public abstract String topic();

    /** Runner thread (or a PostUpdate pool thread), once per step that advanced time. */
    final void step(UpdateInfo info, WorldView world) {
        Optional<LinkState> link = world.model(mount.model()).flatMap(m -> m.link(mount.link()));
        if (link.isEmpty()) {
            return; // the model was removed; a reset brings it back
        }
        observe(info, world, link.get());
        long now = info.simTimeNanos();
        if (periodNanos > 0 && now < nextSampleNanos) {
            return;
        }
        sample(info, world, link.get());
        if (periodNanos > 0) {
            nextSampleNanos += periodNanos;
            while (nextSampleNanos <= now) {
                nextSampleNanos += periodNanos;
            }
        }
    }

    /**
     * Back to the start of an episode, its noise streams seeded from the run's {@code seed}; {@code world} is
     * already as loaded.
     */
    final void reset(WorldView world, long seed) {
        nextSampleNanos = 0;
        for (int i = 0; i < noises.size(); i++) {
            noises.get(i).reseed(Seeds.of(seed, streams.get(i)));
        }
        Optional<LinkState> link = world.model(mount.model()).flatMap(m -> m.link(mount.link()));
        restart(world, link);
    }

    /** Every step, before a sample is due: for devices that integrate or difference over steps. */
    protected void observe(UpdateInfo info, WorldView world, LinkState link) {}

    /** Takes a sample and publishes it. */
    protected abstract void sample(UpdateInfo info, WorldView world, LinkState link);

    /** Forgets everything from the last episode; {@code link} is the link as loaded (empty if it is gone). */
    protected void restart(WorldView world, Optional<LinkState> link) {}

    protected final DeviceContext context() {
        return context;
    }

    /** The noise stream of {@code channel} from the {@code <noise>} under {@code parent}, reseeded on reset. */
    protected final Noise noise(Optional<SdfElement> parent, String channel) {
        String stream = mount.scopedName() + "/" + channel;
        Noise n = Noise.under(parent, Seeds.of(context.seed(), stream), "sensor '" + stream + "'");
        noises.add(n);
        streams.add(stream);
        return n;
    }

    /** Advertises the device's topic. */
    protected final <T extends Message> Publisher<T> advertise(Class<T> type) {
        return advertise(topic(), type);
    }

    /** Advertises another topic of the device (an RGB-D camera's depth image beside its colour image). */
    protected final <T extends Message> Publisher<T> advertise(String topic, Class<T> type) {
        Publisher<T> p = context.topics().advertise(topic, type, mount.scopedName());
        publishers.add(p);
        return p;
    }

    /** Withdraws what the device advertised and frees what it holds: it leaves the world. */
    final void withdraw() {
        publishers.forEach(Publisher::close);
        release();
    }

    /**
     * Frees what the device holds beyond the Java heap (a camera's rendering thread and its OpenGL context): it leaves
     * the world, or its world is unloaded. Runner thread; called once.
     */
    protected void release() {}

    /** A header stamped with {@code info}'s sim time, its {@code frame_id} the sensor's scoped name. */
    protected final Header header(UpdateInfo info) {
        return Messages.header(info.simTimeNanos(), mount.scopedName(), null);
    }

    /** The element path {@code names} under the sensor element, if all present. */
    protected final Optional<SdfElement> element(String... names) {
        Optional<SdfElement> e = Optional.of(mount.sensor().element());
        for (String name : names) {
            e = e.flatMap(x -> x.child(name));
        }
        return e;
    }

    /** A number under the sensor element, or {@code fallback} when absent. */
    protected final double number(double fallback, String... path) {
        return element(path)
                .map(SdfElement::text)
                .filter(t -> !t.isBlank())
                .map(t -> {
                    try {
                        return Double.parseDouble(t.strip());
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': <"
                                + String.join("><", path) + "> must be a number, got '" + t + "'");
                    }
                })
                .orElse(fallback);
    }

    /** The velocity of a point fixed to the link, world frame. */
    protected static Vec3 pointVelocity(LinkState link, Vec3 worldPoint) {
        Vec3 r = worldPoint.minus(link.pose().position());
        return link.velocity().linear().plus(link.velocity().angular().cross(r));
    }
}
