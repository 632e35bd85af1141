package io.orrery.system.rfcomms;

import com.gz.msgs.DataframeProtos.Dataframe;
import com.gz.msgs.HeaderProtos;
import io.orrery.system.comms.CommsBrokerSystem;
import io.orrery.system.comms.DeliveryModel;
import io.orrery.system.comms.ErrorFunction;
import io.orrery.system.comms.Frame;
import io.orrery.system.comms.Route;
import io.orrery.system.comms.Station;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.PluginSpec;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * gz-sim's RFComms model. A message is sent only while its radio has sent under {@code <capacity>} bits in the last
 * second (the epoch), counting it; its received power is {@code <tx_power>} less the path loss
 * {@code <l0> + 10 <fading_exponent> log10(d)} (none beyond {@code <max_range>}), drawn from a normal distribution of
 * deviation {@code <sigma>} dB; each byte survives the QPSK bit-error rate erfc(sqrt(P/N)) against
 * {@code <noise_floor>}, and the receiver too must be under capacity. What arrives carries its received power (dBm)
 * under the header key {@code rssi}. Gazebo's parameters and defaults; every {@code <modulation>} is computed as QPSK,
 * as in Gazebo. The random draws (a normal, then a uniform, per message that gets through the sender's capacity) come
 * from a stream seeded by the run, not from a random device, so a run replays to the bit.
 */
final class RadioDelivery implements DeliveryModel {

    /** Gazebo's epoch over which a radio's capacity is counted (s). */
    private static final double EPOCH = 1.0;

    private final double maxRange;
    private final double fadingExponent;
    private final double l0;
    private final double sigma;
    private final double capacity;
    private final double txPower;
    private final double noiseFloor;
    private final Map<String, Radio> radios = new HashMap<>();
    private SplittableRandom random = new SplittableRandom(0);

    /** Bytes a radio sent or received in the last epoch, by time (s). */
    private static final class Window {
        final ArrayDeque<double[]> entries = new ArrayDeque<>();
        long bytes;

        void expire(double now) {
            while (!entries.isEmpty() && entries.peekFirst()[0] <= now - EPOCH) {
                bytes -= (long) entries.pollFirst()[1];
            }
        }

        void add(double now, int count) {
            entries.addLast(new double[] {now, count});
            bytes += count;
        }
    }

    private static final class Radio {
        final Window sent = new Window();
        final Window received = new Window();
    }

    private RadioDelivery(
            double maxRange,
            double fadingExponent,
            double l0,
            double sigma,
            double capacity,
            double txPower,
            double noiseFloor) {
        this.maxRange = maxRange;
        this.fadingExponent = fadingExponent;
        this.l0 = l0;
        this.sigma = sigma;
        this.capacity = capacity;
        this.txPower = txPower;
        this.noiseFloor = noiseFloor;
    }

    /** The model of {@code <range_config>} and {@code <radio_config>}, Gazebo's defaults where absent. */
    static RadioDelivery of(PluginSpec spec) {
        Optional<GazeboParameters> range = CommsBrokerSystem.nested(spec, "range_config", RFCommsDescriptor.CLASS_NAME);
        Optional<GazeboParameters> radio = CommsBrokerSystem.nested(spec, "radio_config", RFCommsDescriptor.CLASS_NAME);
        double sigma = range.map(r -> r.nonNegative("sigma", 10)).orElse(10.0);
        double capacity = radio.map(r -> r.nonNegative("capacity", 54_000_000)).orElse(54_000_000.0);
        return new RadioDelivery(
                range.map(r -> r.number("max_range", 50)).orElse(50.0),
                range.map(r -> r.finite("fading_exponent", 2.5)).orElse(2.5),
                range.map(r -> r.finite("l0", 40)).orElse(40.0),
                sigma,
                capacity,
                radio.map(r -> r.finite("tx_power", 27)).orElse(27.0),
                radio.map(r -> r.finite("noise_floor", -90)).orElse(-90.0));
    }

    @Override
    public Route route(Frame frame, Station from, Station to, long nowNanos) {
        double now = nowNanos / 1e9;
        int bytes = frame.bytes();
        Radio tx = radios.computeIfAbsent(from.address(), a -> new Radio());
        Radio rx = radios.computeIfAbsent(to.address(), a -> new Radio());
        tx.sent.expire(now);
        if ((tx.sent.bytes + bytes) * 8.0 > capacity * EPOCH) {
            return Route.DROP; // the sender is over its capacity
        }
        tx.sent.add(now, bytes);
        double range = from.position().minus(to.position()).length();
        double rxPower;
        if (maxRange > 0 && range > maxRange) {
            rxPower = Double.NEGATIVE_INFINITY;
        } else {
            double mean = txPower - (l0 + 10 * fadingExponent * Math.log10(range));
            rxPower = sigma > 0 ? mean + sigma * random.nextGaussian() : mean;
        }
        double ber = ErrorFunction.erfc(Math.sqrt(milliwatts(rxPower) / milliwatts(noiseFloor)));
        double dropProbability = 1.0 - Math.exp(bytes * Math.log(1 - ber));
        if (!(random.nextDouble() > dropProbability)) {
            return Route.DROP;
        }
        rx.received.expire(now);
        if ((rx.received.bytes + bytes) * 8.0 > capacity * EPOCH) {
            return Route.DROP; // the receiver is over its capacity
        }
        rx.received.add(now, bytes);
        Dataframe.Builder copy = frame.message().toBuilder();
        copy.getHeaderBuilder()
                .addData(HeaderProtos.Header.Map.newBuilder()
                        .setKey("rssi")
                        .addValue(String.format(Locale.ROOT, "%.6f", rxPower)));
        return Route.deliver(copy.build());
    }

    /** Gazebo's dBm to power (W); the ratio of two is all the bit-error rate uses. */
    private static double milliwatts(double dBm) {
        return 0.001 * Math.pow(10, dBm / 10);
    }

    @Override
    public void seed(long seed) {
        random = new SplittableRandom(seed);
    }

    @Override
    public void reset() {
        radios.clear();
    }
}
