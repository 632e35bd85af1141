package io.orrery.system.commsendpoint;

import static io.orrery.system.comms.CommsFrames.example;
import static io.orrery.system.comms.CommsFrames.frame;
import static org.assertj.core.api.Assertions.assertThat;

import com.gz.msgs.DataframeProtos.Dataframe;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.system.GazeboSystemRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** CommsEndpoint over the example {@code perfect_comms.sdf}: what it binds, and the plugins it refuses. */
class CommsEndpointSimulationTests {

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    private List<PluginStatus> endpoints() {
        return sim.runner().reads().pluginStatuses().stream()
                .filter(s -> s.filename().equals("gz-sim-comms-endpoint-system"))
                .toList();
    }

    @Test
    void anEndpointWithoutAnAddressIsRefusedNamingIt() throws Exception {
        Path world = sim.withReplaced(example("perfect_comms.sdf"), "<address>addr1</address>", "");
        sim.startPaused(world);
        assertThat(endpoints())
                .filteredOn(s -> s.state() == PluginState.FAILED)
                .singleElement()
                .satisfies(s -> assertThat(s.error().orElseThrow())
                        .contains("CommsEndpoint")
                        .contains("<address>"));
        assertThat(endpoints())
                .filteredOn(s -> s.state() == PluginState.STARTED)
                .hasSize(1);
    }

    @Test
    void anEndpointBindsWithTheBrokerItNames() throws Exception {
        // addr1's endpoint names another broker's bind service: the world's broker does not bind it
        Path world = sim.withReplaced(
                example("perfect_comms.sdf"),
                "<topic>addr1/rx</topic>",
                "<topic>addr1/rx</topic><broker><bind_service>/other/bind</bind_service></broker>");
        sim.startPaused(world);
        sim.step(10);
        List<Dataframe> toAddr1 = sim.collect("/addr1/rx", Dataframe.class);
        sim.publish("/broker/msgs", frame("addr2", "addr1", "lost"));
        sim.step(10);
        assertThat(toAddr1).isEmpty();
    }

    @Test
    void aRemovedModelReceivesNothingAndTheOthersGoOn() throws Exception {
        sim.startPaused(example("perfect_comms.sdf"));
        sim.step(10);
        List<Dataframe> toAddr1 = sim.collect("/addr1/rx", Dataframe.class);
        sim.runner().edits().remove("box1").get(30, TimeUnit.SECONDS);
        sim.step(1);
        sim.publish("/broker/msgs", frame("addr2", "addr1", "nobody there"));
        sim.step(10);
        assertThat(toAddr1).isEmpty();
        // the others are unaffected: box2 still sends, here to its own address
        List<Dataframe> toAddr2 = sim.collect("/addr2/rx", Dataframe.class);
        sim.publish("/broker/msgs", frame("addr2", "addr2", "still here"));
        sim.step(1);
        assertThat(toAddr2).hasSize(1);
    }
}
