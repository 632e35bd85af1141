package io.orrery.system.acousticcomms;

import static io.orrery.system.comms.CommsFrames.example;
import static io.orrery.system.comms.CommsFrames.frame;
import static io.orrery.system.comms.CommsFrames.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.DataframeProtos.Dataframe;
import io.orrery.system.GazeboSystemRunner;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * gz-sim's {@code test/integration/acoustic_comms.cc} re-expressed over its worlds, the examples
 * {@code acoustic_comms*.sdf} (vendored in {@code worlds/gz-sim-examples}), with its six cases: after 1000 steps,
 * messages "0", "1", ... from one address to another, 100 steps apart, and the count that arrives, in order.
 */
class AcousticCommsSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @ParameterizedTest(name = "{0}: {1} to {2}, {3} sent, {4} received")
    @CsvSource({
        "acoustic_comms.sdf, addr2, addr1, 3, 3",
        // 10 m apart, beyond the 6 m max range
        "acoustic_comms.sdf, addr4, addr3, 3, 0",
        // the source moves, the destination does not
        "acoustic_comms_moving_targets.sdf, addr2, addr1, 3, 3",
        // the source does not move, the destination does
        "acoustic_comms_moving_targets.sdf, addr4, addr3, 3, 3",
        // sent faster than the collision time of 1 s per byte lets the receiver take them
        "acoustic_comms_packet_collision.sdf, addr2, addr1, 3, 1",
        // the source power is low and the noise high: every packet is lost
        "acoustic_comms_propagation.sdf, addr2, addr1, 3, 0"
    })
    void gazebosCases(String world, String src, String dst, int sent, int expected) throws Exception {
        sim.startPaused(example(world));
        sim.step(1000);
        List<Dataframe> received = sim.collect("/" + dst + "/rx", Dataframe.class);
        for (int i = 0; i < sent; i++) {
            sim.publish("/broker/msgs", frame(src, dst, Integer.toString(i)));
            sim.step(100);
        }
        assertThat(received.stream().map(f -> text(f)).toList())
                .containsExactlyElementsOf(
                        IntStream.range(0, expected).mapToObj(Integer::toString).toList());
    }

    @Test
    void aMessageTakesTheTimeSoundNeedsToCrossTheDistance() throws Exception {
        sim.startPaused(example("acoustic_comms.sdf"));
        sim.step(1000);
        List<Dataframe> received = sim.collect("/addr1/rx", Dataframe.class);
        sim.publish("/broker/msgs", frame("addr2", "addr1", "0"));
        // 4 m at 1400 m/s is 2.86 ms: after 2 steps of 1 ms sound has covered 2.8 m, after 4 it has covered 5.6 m
        sim.step(2);
        assertThat(received).isEmpty();
        sim.step(2);
        assertThat(received).hasSize(1);
    }
}
