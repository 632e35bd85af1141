package io.orrery.system.acousticcomms;

import io.orrery.noise.Seeds;
import io.orrery.system.comms.CommsBrokerSystem;
import io.orrery.system.comms.DeliveryModel;
import io.orrery.system.comms.ErrorFunction;
import io.orrery.system.comms.Frame;
import io.orrery.system.comms.Route;
import io.orrery.system.comms.Station;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.PluginSpec;
import io.orrery.world.Vec3;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * gz-sim's AcousticComms model. A message travels at {@code <speed_of_sound>} (343 m/s) from where its source was
 * when the model first saw it; it arrives once it has covered the distance to the receiver, and is lost once it has
 * covered {@code <max_range>} (1000 m) without arriving. A receiver that took a message of b bytes at t takes no
 * other until {@code t + b <collision_time_per_byte>}, and each message lost meanwhile extends that by
 * {@code <collision_time_packet_drop>} (both 0). With {@code <propagation_model>} a message that arrives is also lost
 * with the probability its bytes' bit errors give: SNR = 170.8 + 10 log10({@code <source_power>}) - 20 log10(distance
 * covered) - {@code <noise_level>}, Eb/N0 = SNR / {@code <spectral_efficiency>}, BER = erfc(Eb/N0) / 2. Gazebo's
 * parameters and defaults (those its header documents where its code reads none: 2000 W, 1, 7 (bits/s)/Hz, and it
 * reads no {@code <collision_time_packet_drop>}, which is applied here as documented). Gazebo reseeds its global
 * generator with {@code <seed>} before every draw, so every message sees the same number; here each message draws its
 * own from a stream seeded by the run and {@code <seed>}, so a run replays to the bit.
 */
final class AcousticDelivery implements DeliveryModel {

    private static final String SYSTEM = AcousticCommsDescriptor.CLASS_NAME;

    private final double maxRange;
    private final double speedOfSound;
    private final double collisionTimePerByte;
    private final double collisionTimePacketDrop;
    private final boolean propagation;
    private final double sourcePower;
    private final double noiseLevel;
    private final double spectralEfficiency;
    private final int seed;
    /** By receiving address: when it last took a message (s) and how long that blocks it (s). */
    private final Map<String, double[]> lastReceived = new HashMap<>();

    private SplittableRandom random;

    private AcousticDelivery(
            double maxRange,
            double speedOfSound,
            double collisionTimePerByte,
            double collisionTimePacketDrop,
            Optional<GazeboParameters> propagationModel) {
        this.maxRange = maxRange;
        this.speedOfSound = speedOfSound;
        this.collisionTimePerByte = collisionTimePerByte;
        this.collisionTimePacketDrop = collisionTimePacketDrop;
        this.propagation = propagationModel.isPresent();
        this.sourcePower =
                propagationModel.map(p -> p.nonNegative("source_power", 2000)).orElse(2000.0);
        this.noiseLevel = propagationModel.map(p -> p.finite("noise_level", 1)).orElse(1.0);
        this.spectralEfficiency =
                propagationModel.map(p -> positive(p, "spectral_efficiency", 7)).orElse(7.0);
        this.seed = propagationModel.map(p -> p.integer("seed", 0)).orElse(0);
        this.random = new SplittableRandom(Seeds.of(0, streamName()));
    }

    /** The model of the plugin's parameters, Gazebo's defaults where absent. */
    static AcousticDelivery of(PluginSpec spec) {
        GazeboParameters params = new GazeboParameters(spec, SYSTEM);
        return new AcousticDelivery(
                params.nonNegative("max_range", 1000),
                positive(params, "speed_of_sound", 343),
                params.nonNegative("collision_time_per_byte", 0),
                params.nonNegative("collision_time_packet_drop", 0),
                CommsBrokerSystem.nested(spec, "propagation_model", SYSTEM));
    }

    private static double positive(GazeboParameters params, String element, double fallback) {
        double v = params.finite(element, fallback);
        if (!(v > 0)) {
            throw params.bad(element, "a number above 0", "'" + v + "'");
        }
        return v;
    }

    @Override
    public Route route(Frame frame, Station from, Station to, long nowNanos) {
        if (frame.sourceAt().isEmpty()) {
            frame.sourceAt(from.position()); // where it set off from
        }
        Vec3 source = frame.sourceAt().orElseThrow();
        double distance = source.minus(to.position()).length();
        double now = nowNanos / 1e9;
        double covered = (nowNanos - frame.stampNanos()) / 1e9 * speedOfSound;
        if (covered > maxRange) {
            return Route.DROP;
        }
        if (covered < distance) {
            return Route.HOLD;
        }
        double[] last = lastReceived.get(to.address());
        boolean received = last == null || now - last[0] >= last[1];
        if (propagation) {
            received = received && survives(covered, frame.bytes());
        }
        if (received) {
            lastReceived.put(to.address(), new double[] {now, collisionTimePerByte * frame.bytes()});
            return Route.deliver(frame.message());
        }
        lastReceived.computeIfAbsent(to.address(), a -> new double[2])[1] += collisionTimePacketDrop;
        return Route.DROP;
    }

    /** The sonar equation's verdict on {@code bytes} bytes that travelled {@code distance} m. */
    private boolean survives(double distance, int bytes) {
        double sourceLevel = 170.8 + 10 * Math.log10(sourcePower);
        double transmissionLoss = 20 * Math.log10(distance);
        double snr = sourceLevel - transmissionLoss - noiseLevel;
        double ber = 0.5 * ErrorFunction.erfc(snr / spectralEfficiency);
        double dropProbability = 1.0 - Math.exp(bytes * Math.log(1 - ber));
        return random.nextDouble() > dropProbability;
    }

    private String streamName() {
        return "propagation_model/seed=" + seed;
    }

    @Override
    public void seed(long runSeed) {
        random = new SplittableRandom(Seeds.of(runSeed, streamName()));
    }

    @Override
    public void reset() {
        lastReceived.clear();
    }
}
