package io.orrery.system.triggeredpublisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Message;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.EmptyProtos;
import com.gz.msgs.FloatProtos;
import com.gz.msgs.HeaderProtos;
import com.gz.msgs.Int32Protos;
import com.gz.msgs.Int32VProtos;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.TimeProtos;
import com.gz.msgs.Vector2dProtos;
import com.gz.msgs.Vector3dProtos;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.UnknownTopicException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/triggered_publisher.cc} re-expressed over its own world,
 * {@code triggered_publisher.sdf} (vendored in {@code worlds/gz-sim-tests}), with its counts. The .cc publishes on
 * gz-transport and waits; here each input is published on the world's bus and delivered before the next, so the
 * counts are exact without waiting. Orrery's bus carries one type per topic, so where Gazebo's plugin drops an input
 * of the wrong type, the bus refuses it at publish.
 *
 * <p>The .cc's service tests advertise their own services ({@code /srv-test}, {@code /srv-test-0} ...) from the test
 * process over gz-transport; Orrery's gz-transport node serves calls but makes none, so those cannot be reached. They
 * are re-expressed against the services Orrery offers ({@code /world/triggered_publisher/control}, each call one
 * step, so the calls are counted in iterations), with the .cc's counts; the world's own {@code <service>}s, which
 * Orrery does not offer, are checked to be skipped with every other output of their plugin kept.
 */
class TriggeredPublisherSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/triggered_publisher.sdf");
    static final EmptyProtos.Empty EMPTY = EmptyProtos.Empty.getDefaultInstance();

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @BeforeEach
    void start() throws Exception {
        sim.startPaused(WORLD);
    }

    private void publish(String topic, Message message, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            sim.publish(topic, message);
        }
    }

    private static Int32Protos.Int32 int32(int value) {
        return Int32Protos.Int32.newBuilder().setData(value).build();
    }

    @Test
    void emptyInputEmptyOutput() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_0", EmptyProtos.Empty.class);
        publish("/in_0", EMPTY, 10);
        assertThat(out).hasSize(10);
    }

    @Test
    void wrongInputMessageTypeDoesNotMatch() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_0", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            assertThatThrownBy(() -> sim.publish("/in_0", BoolProtos.Boolean.getDefaultInstance()))
                    .hasRootCauseInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("gz.msgs.Empty");
        }
        assertThat(out).isEmpty();
    }

    @Test
    void inputMessagesTriggerOutputs() throws Exception {
        List<BoolProtos.Boolean> out = sim.collect("/out_1", BoolProtos.Boolean.class);
        publish("/in_1", EMPTY, 10);
        assertThat(out).hasSize(10).allMatch(BoolProtos.Boolean::getData);
    }

    @Test
    void multipleOutputsForOneInput() throws Exception {
        List<BoolProtos.Boolean> out0 = sim.collect("/out_2_0", BoolProtos.Boolean.class);
        List<BoolProtos.Boolean> out1 = sim.collect("/out_2_1", BoolProtos.Boolean.class);
        publish("/in_2", EMPTY, 10);
        assertThat(out0).hasSize(10).noneMatch(BoolProtos.Boolean::getData);
        assertThat(out1).hasSize(10).allMatch(BoolProtos.Boolean::getData);
    }

    @Test
    void exactMatchBooleanInputs() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_3", EmptyProtos.Empty.class);
        publish("/in_3", BoolProtos.Boolean.newBuilder().setData(true).build(), 5);
        publish("/in_3", BoolProtos.Boolean.newBuilder().setData(false).build(), 5);
        // the matcher lets the 5 true messages through
        assertThat(out).hasSize(5);
    }

    @Test
    void matchersWithLogicTypeAttribute() throws Exception {
        List<EmptyProtos.Empty> negative = sim.collect("/out_4_0", EmptyProtos.Empty.class);
        List<EmptyProtos.Empty> positive = sim.collect("/out_4_1", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            sim.publish("/in_4", int32(i - 5));
        }
        // the negative matcher filters out 0; the positive one accepts only 0
        assertThat(negative).hasSize(9);
        assertThat(positive).hasSize(1);
    }

    @Test
    void multipleMatchersAreAnded() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_5", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            sim.publish("/in_5", int32(i - 5));
        }
        // five negative matchers filter out -5..-1 of the inputs -5..4
        assertThat(out).hasSize(5);
    }

    @Test
    void fieldMatchers() throws Exception {
        List<EmptyProtos.Empty> both = sim.collect("/out_6_0", EmptyProtos.Empty.class);
        List<EmptyProtos.Empty> notY = sim.collect("/out_6_1", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            sim.publish(
                    "/in_6",
                    Vector2dProtos.Vector2d.newBuilder().setX(1.0).setY(i).build());
        }
        // x == 1 and y == 2 once; x == 1 and y != 2 nine times
        assertThat(both).hasSize(1);
        assertThat(notY).hasSize(9);
    }

    private static HeaderProtos.Header.Map entry(String key, String value) {
        return HeaderProtos.Header.Map.newBuilder().setKey(key).addValue(value).build();
    }

    @Test
    void fieldMatchersWithRepeatedFieldsUsePartialMatches() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_7", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            HeaderProtos.Header header = HeaderProtos.Header.newBuilder()
                    .addData(entry("frame_id", "frame" + i))
                    .setStamp(TimeProtos.Time.newBuilder().setSec(10))
                    .addData(entry("other_key", "other_value"))
                    .build();
            sim.publish("/in_7", PoseProtos.Pose.newBuilder().setHeader(header).build());
        }
        // only frame0 matches, though the data holds other entries too
        assertThat(out).hasSize(1);
    }

    @Test
    void wrongInputWhenRepeatedSubFieldExpected() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_7", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            assertThatThrownBy(() -> sim.publish("/in_7", EMPTY))
                    .hasRootCauseInstanceOf(IllegalArgumentException.class);
        }
        assertThat(out).isEmpty();
    }

    @Test
    void fieldMatchersWithRepeatedFieldsInValueUseFullMatches() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_8", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            HeaderProtos.Header.Builder header =
                    HeaderProtos.Header.newBuilder().addData(entry("frame_id", "frame0"));
            if (i < 5) {
                header.addData(entry("other_key", "other_value"));
            }
            sim.publish("/in_8", PoseProtos.Pose.newBuilder().setHeader(header).build());
        }
        // "header" is not repeated, so the whole header must match: only the first 5 have both entries
        assertThat(out).hasSize(5);
    }

    @Test
    void fullMatchersWithRepeatedFieldsInValueUseFullMatches() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_9", EmptyProtos.Empty.class);
        Int32VProtos.Int32_V.Builder msg = Int32VProtos.Int32_V.newBuilder();
        for (int i = 0; i < 10; i++) {
            msg.addData(i);
            sim.publish("/in_9", msg.build());
        }
        // of {0}, {0,1}, {0,1,2}, ... only {0,1} matches
        assertThat(out).hasSize(1);
    }

    @Test
    void fullMatchersAcceptToleranceParam() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_10", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            sim.publish(
                    "/in_10", FloatProtos.Float.newBuilder().setData(i * 0.1f).build());
        }
        // 0.5 within 0.15: 0.4, 0.5 and 0.6
        assertThat(out).hasSize(3);
    }

    @Test
    void fieldMatchersAcceptToleranceParam() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_11", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            Vector3dProtos.Vector3d position = Vector3dProtos.Vector3d.newBuilder()
                    .setX(0.1)
                    .setZ((float) i * 0.1)
                    .build();
            sim.publish(
                    "/in_11", PoseProtos.Pose.newBuilder().setPosition(position).build());
        }
        // position.z equal to 0.5 within 0.15: 0.4, 0.5 and 0.6
        assertThat(out).hasSize(3);
    }

    @Test
    void subfieldsOfRepeatedFieldsNotSupported() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_12", EmptyProtos.Empty.class);
        HeaderProtos.Header msg = HeaderProtos.Header.newBuilder()
                .addData(entry("key1", "value1"))
                .build();
        // Gazebo drops the matcher and so never publishes; Orrery fails the plugin, so nobody subscribes to /in_12
        for (int i = 0; i < 10; i++) {
            assertThatThrownBy(() -> sim.publish("/in_12", msg)).hasRootCauseInstanceOf(UnknownTopicException.class);
        }
        assertThat(out).isEmpty();
        assertThat(failures())
                .anySatisfy(s -> assertThat(s.error().orElseThrow()).contains("data.value", "repeated message"));
    }

    @Test
    void triggerDelay() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_13", EmptyProtos.Empty.class);
        publish("/in_13", EMPTY, 10);
        // a delay of 1,000 ms is due in sim time, which does not pass while paused
        assertThat(out).isEmpty();
        // 1,000 steps of 1 ms: none after 999, all ten after the 1,000th
        sim.step(999);
        assertThat(out).isEmpty();
        sim.step(1);
        assertThat(out).hasSize(10);
    }

    @Test
    void wrongInputWhenRepeatedFieldExpected() throws Exception {
        List<EmptyProtos.Empty> out = sim.collect("/out_9", EmptyProtos.Empty.class);
        for (int i = 0; i < 10; i++) {
            int value = i;
            assertThatThrownBy(() -> sim.publish("/invalid_topic", int32(value)))
                    .hasRootCauseInstanceOf(UnknownTopicException.class);
        }
        assertThat(out).isEmpty();
    }

    /**
     * The world's plugins Gazebo logs an error for and skips (an unknown message type, no output, the two
     * {@code /in_16} services of types that do not exist) fail in Orrery with the reason, listed rather than dropped;
     * the other nineteen run, the four whose services Orrery does not offer among them.
     */
    @Test
    void whatIsNotSupportedFailsNamingIt() {
        List<PluginStatus> all = sim.runner().reads().pluginStatuses().stream()
                .filter(s -> s.filename().equals("gz-sim-triggered-publisher-system"))
                .toList();
        assertThat(all).hasSize(24);
        assertThat(all).filteredOn(s -> s.state() == PluginState.STARTED).hasSize(19);
        List<String> errors =
                failures().stream().map(s -> s.error().orElseThrow()).toList();
        assertThat(errors).hasSize(5);
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("gz.msgs.NonExtentType"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("needs at least one <output"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("repeated message"));
    }

    /**
     * WrongRequestOrResponseType: {@code gz.msgs.InvalidReqType} and {@code gz.msgs.InvalidRepType} do not exist, so
     * Gazebo's calls never reach the service (0 received); Orrery refuses both plugins at load, naming the type.
     */
    @Test
    void wrongRequestOrResponseType() {
        List<String> errors =
                failures().stream().map(s -> s.error().orElseThrow()).toList();
        assertThat(errors)
                .anySatisfy(e -> assertThat(e).contains("reqType 'gz.msgs.InvalidReqType' is not a gz-msgs message"));
        assertThat(errors)
                .anySatisfy(e -> assertThat(e).contains("repType 'gz.msgs.InvalidRepType' is not a gz-msgs message"));
    }

    /**
     * InvalidServiceName: the world's {@code /srv-test} is not a service Orrery offers (the .cc advertises it from
     * its own process), so ten inputs call nothing, as Gazebo's ten calls reach no callback; the plugin runs.
     */
    @Test
    void aServiceOrreryDoesNotOfferIsSkipped() throws Exception {
        long before = sim.runner().reads().status().iterations();
        publish("/in_14", EMPTY, 10);
        sim.step(1);
        assertThat(sim.runner().reads().status().iterations()).isEqualTo(before + 1);
    }

    private List<PluginStatus> failures() {
        return sim.runner().reads().pluginStatuses().stream()
                .filter(s -> s.state() == PluginState.FAILED)
                .toList();
    }
}
