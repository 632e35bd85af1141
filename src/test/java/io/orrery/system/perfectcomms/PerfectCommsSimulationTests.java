package io.orrery.system.perfectcomms;

import static io.orrery.system.comms.CommsFrames.example;
import static io.orrery.system.comms.CommsFrames.frame;
import static io.orrery.system.comms.CommsFrames.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.DataframeProtos.Dataframe;
import io.orrery.plugin.PluginState;
import io.orrery.system.GazeboSystemRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/perfect_comms.cc} re-expressed over its world, the example
 * {@code perfect_comms.sdf} (vendored in {@code worlds/gz-sim-examples}): after 1000 steps, 10 messages from addr2 to
 * addr1 on {@code /broker/msgs}, 100 steps apart, all arrive on {@code addr1/rx}, in order, payloads intact. The .cc
 * publishes on gz-transport and waits; here each is published on the world's bus and the steps run, so the count is
 * exact without waiting.
 */
class PerfectCommsSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void everyMessageArrivesInOrder() throws Exception {
        sim.startPaused(example("perfect_comms.sdf"));
        sim.step(1000);
        List<Dataframe> received = sim.collect("/addr1/rx", Dataframe.class);
        for (int i = 0; i < 10; i++) {
            sim.publish("/broker/msgs", frame("addr2", "addr1", "hello world " + i));
            sim.step(100);
        }
        assertThat(received).hasSize(10);
        assertThat(received.stream().map(f -> text(f)).toList())
                .containsExactlyElementsOf(
                        IntStream.range(0, 10).mapToObj(i -> "hello world " + i).toList());
        assertThat(received)
                .allMatch(f ->
                        f.getSrcAddress().equals("addr2") && f.getDstAddress().equals("addr1"));
        // the broker stamps each with the sim time it took it: 1 s after the 1000 steps of 1 ms, then 0.1 s apart
        assertThat(received.get(0).getHeader().getStamp().getSec()).isEqualTo(1);
        assertThat(received.get(9).getHeader().getStamp().getNsec()).isEqualTo(900_000_000);
    }

    @Test
    void nothingArrivesFromAnAddressNoEndpointBound() throws Exception {
        sim.startPaused(example("perfect_comms.sdf"));
        sim.step(10);
        List<Dataframe> received = sim.collect("/addr1/rx", Dataframe.class);
        sim.publish("/broker/msgs", frame("addr9", "addr1", "from nowhere"));
        sim.publish("/broker/msgs", frame("addr2", "addr9", "to nowhere"));
        sim.step(10);
        assertThat(received).isEmpty();
        // the channel still works
        sim.publish("/broker/msgs", frame("addr2", "addr1", "hello"));
        sim.step(1);
        assertThat(received).hasSize(1);
    }

    @Test
    void aResetUnbindsAndTheEndpointsBindAgain() throws Exception {
        sim.startPaused(example("perfect_comms.sdf"));
        sim.step(10);
        List<Dataframe> received = sim.collect("/addr1/rx", Dataframe.class);
        sim.publish("/broker/msgs", frame("addr2", "addr1", "before"));
        sim.reset();
        sim.step(2); // the endpoints ask again in the first step, the broker binds them
        sim.publish("/broker/msgs", frame("addr2", "addr1", "after"));
        sim.step(1);
        // the message queued before the reset is gone with it, as the bus drops what is on its way
        assertThat(received.stream().map(f -> text(f)).toList()).containsExactly("after");
    }

    @Test
    void stepSizeRoutesWithinTheStepAndMustBePositive() throws Exception {
        Path world = sim.withReplaced(
                example("perfect_comms.sdf"),
                "name=\"gz::sim::systems::PerfectComms\">",
                "name=\"gz::sim::systems::PerfectComms\"><step_size>0.0004</step_size>");
        sim.startPaused(world);
        sim.step(10);
        List<Dataframe> received = sim.collect("/addr1/rx", Dataframe.class);
        sim.publish("/broker/msgs", frame("addr2", "addr1", "hello"));
        // three sub-steps (0.4, 0.4 and 0.2 ms) in the next 1 ms step; the first delivers it, once
        sim.step(1);
        assertThat(received.stream().map(f -> text(f)).toList()).containsExactly("hello");
        sim.stop();

        Path zero = sim.withReplaced(
                example("perfect_comms.sdf"),
                "name=\"gz::sim::systems::PerfectComms\">",
                "name=\"gz::sim::systems::PerfectComms\"><step_size>0</step_size>");
        sim.startPaused(zero);
        assertThat(sim.runner().reads().pluginStatuses())
                .filteredOn(s -> s.filename().equals("gz-sim-perfect-comms-system"))
                .singleElement()
                .satisfies(s -> {
                    assertThat(s.state()).isEqualTo(PluginState.FAILED);
                    assertThat(s.error().orElseThrow()).contains("<step_size>");
                });
    }
}
