package io.orrery.system.logicalaudio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.DoubleProtos;
import com.gz.msgs.EmptyProtos.Empty;
import io.orrery.plugin.PluginState;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.TopicBus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/logical_audio_sensor_plugin.cc} re-expressed over its worlds (vendored in
 * {@code worlds/gz-sim-tests}). Gazebo checks the sources' and microphones' components in its entity-component
 * manager; Orrery has none to read, so the same facts are checked where they show: in what the microphones hear.
 */
class LogicalAudioSensorPluginSimulationTests {

    static final Path DETECTIONS = Path.of("src/test/resources/worlds/gz-sim-tests/logical_audio_sensor_plugin.sdf");
    static final Path SERVICES =
            Path.of("src/test/resources/worlds/gz-sim-tests/logical_audio_sensor_plugin_services.sdf");
    static final String CLOSE = "/model/mic_model_close/sensor/mic_2/detection";
    static final String FAR = "/model/mic_model_far/sensor/mic_1/detection";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void logicalAudioDetections() throws Exception {
        sim.startPaused(DETECTIONS);
        TopicBus bus = sim.runner().topics().bus().orElseThrow();
        assertThat(bus.messageType(CLOSE))
                .as("the close microphone's topic is advertised")
                .isPresent();
        assertThat(bus.messageType(FAR))
                .as("the far microphone's topic is advertised")
                .isPresent();
        List<DoubleProtos.Double> close = sim.collect(CLOSE, DoubleProtos.Double.class);
        List<DoubleProtos.Double> far = sim.collect(FAR, DoubleProtos.Double.class);
        sim.step(100);
        // the close microphone (1.80 m away, threshold 0.1) is inside the source's 3 m inner radius: it hears the
        // emission volume 0.9 after every step; the far one (10.05 m, beyond the 8 m falloff) hears nothing
        assertThat(close).hasSize(100).allSatisfy(m -> {
            assertThat(m.getData()).isEqualTo(0.9);
            assertThat(m.getHeader().getData(0).getKey())
                    .isEqualTo("world/logical_audio_sensor/model/source_model/sensor/source_1");
        });
        assertThat(close.get(99).getHeader().getStamp().getNsec()).isEqualTo(100_000_000);
        assertThat(far).isEmpty();
    }

    @Test
    void attenuatedLinearlyBetweenTheInnerRadiusAndTheFalloff() throws Exception {
        // the close microphone moved to 5.5 m from the source: 0.9 falls to 0 over 3 m to 8 m, so 0.45 is heard
        sim.startPaused(sim.withReplaced(DETECTIONS, "<pose>0.5 0 0 0 0 0</pose>", "<pose>4.5 -1 0 0 0 0</pose>"));
        List<DoubleProtos.Double> close = sim.collect(CLOSE, DoubleProtos.Double.class);
        sim.step(10);
        assertThat(close).hasSize(10).allSatisfy(m -> assertThat(m.getData()).isCloseTo(0.45, within(1e-12)));
    }

    @Test
    void logicalAudioServices() throws Exception {
        // two microphones of a world plugin, one at each source, make the play state heard
        Path world = sim.withInserted(SERVICES, "<model name=\"model_playing\">", """
                <plugin filename="gz-sim-logicalaudiosensorplugin-system"
                        name="gz::sim::systems::LogicalAudioSensorPlugin">
                  <microphone><id>1</id><pose>0 0 0 0 0 0</pose></microphone>
                  <microphone><id>2</id><pose>10 10 0 0 0 0</pose></microphone>
                </plugin>
                """);
        sim.startPaused(world);
        List<DoubleProtos.Double> atPlaying = sim.collect("/sensor/mic_1/detection", DoubleProtos.Double.class);
        List<DoubleProtos.Double> atNotPlaying = sim.collect("/sensor/mic_2/detection", DoubleProtos.Double.class);
        sim.step(1);
        assertThat(atPlaying)
                .singleElement()
                .satisfies(m -> assertThat(m.getHeader().getData(0).getKey())
                        .isEqualTo("world/logical_audio_sensor/model/model_playing/sensor/source_1"));
        assertThat(atNotPlaying).isEmpty();

        // Gazebo's services /model/model_playing/sensor/source_1/stop and .../source_2/play, as topics
        sim.publish("/model/model_playing/sensor/source_1/stop", Empty.getDefaultInstance());
        sim.publish("/model/model_not_playing/sensor/source_2/play", Empty.getDefaultInstance());
        sim.step(1);
        assertThat(atPlaying).hasSize(1);
        assertThat(atNotPlaying).singleElement().satisfies(m -> {
            assertThat(m.getData()).isEqualTo(0.5);
            assertThat(m.getHeader().getData(0).getKey())
                    .isEqualTo("world/logical_audio_sensor/model/model_not_playing/sensor/source_2");
        });
    }

    @Test
    void aPlayDurationStopsTheSource() throws Exception {
        Path world = sim.withReplaced(
                sim.withReplaced(DETECTIONS, "<play_duration>0</play_duration>", "<play_duration>1</play_duration>"),
                "<real_time_factor>0</real_time_factor>",
                "<real_time_factor>0</real_time_factor><max_step_size>0.001</max_step_size>");
        sim.startPaused(world);
        List<DoubleProtos.Double> close = sim.collect(CLOSE, DoubleProtos.Double.class);
        sim.step(1_200);
        // its clock starts at the first step (t = 1 ms) and it plays while no more than 1 s has passed since: the
        // steps ending at 1 ms to 1,001 ms
        assertThat(close).hasSize(1_001);
    }

    @Test
    void anUnknownAttenuationFailsThePlugin() throws Exception {
        sim.startPaused(sim.withReplaced(DETECTIONS, "<attenuation_shape>sphere", "<attenuation_shape>cube"));
        assertThat(sim.runner().reads().pluginStatuses())
                .filteredOn(s -> s.filename().equals("gz-sim-logicalaudiosensorplugin-system"))
                .filteredOn(s -> s.state() == PluginState.FAILED)
                .singleElement()
                .satisfies(s -> assertThat(s.error().orElseThrow()).contains("<source><attenuation_shape>"));
    }
}
