package io.orrery.system.triggeredpublisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.EmptyProtos;
import com.gz.msgs.TwistProtos;
import io.orrery.app.WorldServiceCalls;
import io.orrery.builtin.Extensions;
import io.orrery.physics.ModelState;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.PluginState;
import io.orrery.plugin.PluginStatus;
import io.orrery.plugin.ServicePort;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.world.IgnoredElement;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfException;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * TriggeredPublisher's {@code <service>} outputs calling the services Orrery offers, in-process through the same use
 * case gz-transport's callers reach: gz-sim's {@code triggered_publisher.cc} service tests over its world with
 * Orrery's {@code /world/triggered_publisher/control} in place of the services the .cc advertises from its own
 * process (Orrery's gz-transport node makes no calls to other processes), and gz-sim's example world
 * {@code examples/worlds/triggered_publisher.sdf}, whose {@code /reset_robot} trigger puts the vehicle back with
 * {@code set_pose}. A call from the runner thread is a posted command: a step the test asks for after the inputs is
 * queued behind the calls, so the counts are exact without waiting.
 */
class TriggeredPublisherServiceSimulationTests {

    static final Path WORLD = TriggeredPublisherSimulationTests.WORLD;
    /** gz-sim's examples/worlds/triggered_publisher.sdf, vendored with the other example worlds. */
    static final Path EXAMPLE = Path.of("src/test/resources/worlds/gz-sim-examples/triggered_publisher.sdf");

    static final EmptyProtos.Empty EMPTY = EmptyProtos.Empty.getDefaultInstance();

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    private void publish(String topic, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            sim.publish(topic, EMPTY);
        }
    }

    /**
     * InputMessagesTriggerServices over Orrery's own {@code control} service: each of ten inputs on {@code /in_14}
     * calls it once (one step each), so the world is ten iterations further; a step of its own, queued after the
     * calls, makes eleven.
     */
    @Test
    void inputMessagesTriggerServices() throws Exception {
        sim.startPaused(sim.withReplaced(WORLD, IN_14_SERVICE, control("multi_step: 1")));
        publish("/in_14", 10);
        sim.step(1);
        assertThat(sim.runner().reads().status().iterations()).isEqualTo(11);
    }

    /**
     * MultipleServiceForOneInput: both of the {@code /in_15} plugin's services are called for each of ten inputs;
     * over Orrery's {@code control}, one steps once and the other twice, so 10 + 20 iterations, and one more.
     */
    @Test
    void multipleServicesForOneInput() throws Exception {
        Path world = sim.withReplaced(
                WORLD,
                "name=\"/srv-test-0\"\n        reqType=\"gz.msgs.Boolean\"\n"
                        + "        repType=\"gz.msgs.Boolean\"\n        timeout=\"100\"\n        reqMsg=\"data: true\"",
                service("multi_step: 1"));
        world = sim.withReplaced(
                world,
                "name=\"/srv-test-1\"\n        reqType=\"gz.msgs.Boolean\"\n"
                        + "        repType=\"gz.msgs.Boolean\"\n        timeout=\"100\"\n        reqMsg=\"data: true\"",
                service("multi_step: 2"));
        sim.startPaused(world);
        publish("/in_15", 10);
        sim.step(1);
        assertThat(sim.runner().reads().status().iterations()).isEqualTo(31);
    }

    /** A service Orrery offers named with other types than its own is refused at load, naming both. */
    @Test
    void typesOtherThanTheServicesAreRefused() throws Exception {
        sim.startPaused(sim.withReplaced(
                WORLD, IN_14_SERVICE, IN_14_SERVICE.replace("/srv-test", "/world/triggered_publisher/set_pose")));
        assertThat(failures())
                .anySatisfy(s -> assertThat(s.error().orElseThrow())
                        .contains("<service name=\"/world/triggered_publisher/set_pose\"> takes a gz.msgs.Pose and"
                                + " answers a gz.msgs.Boolean, not reqType gz.msgs.StringMsg and repType"
                                + " gz.msgs.StringMsg"));
    }

    /** The {@code /in_14} plugin's service as the world writes it. */
    static final String IN_14_SERVICE = "name=\"/srv-test\"\n        reqType=\"gz.msgs.StringMsg\"\n"
            + "        repType=\"gz.msgs.StringMsg\"\n        timeout=\"100\"\n        reqMsg=\"data: 'test'\">\n"
            + "      </service>\n    </plugin>\n\n    <plugin\n";

    /** Orrery's control service, stepping the paused world as {@code request} asks (timeout: Gazebo's 100 ms). */
    private static String service(String request) {
        return "name=\"/world/triggered_publisher/control\" reqType=\"gz.msgs.WorldControl\""
                + " repType=\"gz.msgs.Boolean\" timeout=\"100\" reqMsg=\"pause: true, " + request + "\"";
    }

    private static String control(String request) {
        return service(request) + ">\n      </service>\n    </plugin>\n\n    <plugin\n";
    }

    /**
     * gz-sim's example: {@code /start} drives vehicle_blue forward at 3 m/s, {@code /reset_robot} stops it and calls
     * {@code /world/triggered_publisher/set_pose} with {@code x: -3, z: 0.325}. After two seconds of driving the
     * vehicle is metres away; after the reset and one 1 ms step it stands at (-3, 0, 0.325) within what that step
     * moves it: the teleport keeps its velocity (as Gazebo's set_pose does), so the bound is its speed before the
     * reset times 1 ms, plus 1e-6 m. Every plugin of the world runs.
     */
    @Test
    void exampleWorldsResetTriggerMovesTheVehicleWithSetPose() throws Exception {
        sim.startPaused(EXAMPLE);
        assertThat(sim.runner().reads().pluginStatuses())
                .allSatisfy(s -> assertThat(s.state()).as(s.name()).isEqualTo(PluginState.STARTED));
        List<TwistProtos.Twist> commands = sim.collect("/cmd_vel", TwistProtos.Twist.class);
        publish("/start", 1);
        sim.step(2000);
        ModelState driven = sim.model("vehicle_blue");
        assertThat(driven.pose().position().x()).as("driven from x = 0").isGreaterThan(1.0);
        double speed = driven.velocity().linear().length();
        double bound = speed * 1e-3 + 1e-6;
        publish("/reset_robot", 1);
        sim.step(1);
        ModelState reset = sim.model("vehicle_blue");
        assertThat(reset.pose().position().x()).isCloseTo(-3.0, within(bound));
        assertThat(reset.pose().position().y()).isCloseTo(0.0, within(bound));
        assertThat(reset.pose().position().z()).isCloseTo(0.325, within(bound));
        assertThat(commands).extracting(t -> t.getLinear().getX()).containsExactly(3.0, 0.0);
    }

    /** What the load-time check takes as offered is what the application's use case offers. */
    @Test
    void theNamesCheckedAtLoadAreTheServicesOffered(@TempDir Path saves) throws Exception {
        sim.startPaused(EXAMPLE);
        WorldServiceCalls calls = GazeboSystemRunner.worldServices(sim.runner(), new SdfReader(List.of()), saves);
        assertThat(calls.services("triggered_publisher").stream().map(ServicePort.Service::name))
                .containsExactlyElementsOf(ServicePort.offeredNames("triggered_publisher"));
    }

    /** A reader as the server configures it: plugins and their parts checked against what Orrery simulates. */
    private static SdfReader serverReader() {
        PluginRegistry registry = Extensions.discovered().plugins();
        return new SdfReader(List.of())
                .simulatingPlugins(p -> registry.provides(p.filename(), p.name()))
                .simulatingPluginParts(registry::notSimulated);
    }

    /**
     * The seven {@code <service>}s of gz-sim's test world, none of which Orrery offers (the .cc advertises them from
     * its own process), are listed as not simulated with their place; the example world's set_pose is not.
     */
    @Test
    void servicesOrreryDoesNotOfferAreListedAtLoad() {
        WorldSpec world = serverReader().read(WORLD);
        List<IgnoredElement> services = world.ignored().stream()
                .filter(e -> e.element().equals("service"))
                .toList();
        assertThat(services).hasSize(7);
        // the parser places an element where its start tag ends: the first <service> spans lines 174 to 179
        assertThat(services.get(0).line()).isEqualTo(179);
        assertThat(services.get(0).where()).contains("/srv-test");
        assertThat(services).allSatisfy(e -> assertThat(e.affectsSimulation()).isTrue());
        assertThat(serverReader().read(EXAMPLE).ignored())
                .noneSatisfy(e -> assertThat(e.element()).isEqualTo("service"));
    }

    /** Under {@code orrery.sdf.unsupported=fail} the first such service refuses the world, naming file, line, column. */
    @Test
    void underUnsupportedFailTheFirstServiceNotOfferedRefusesTheWorld() {
        assertThatThrownBy(() -> serverReader().refusingUnsupported(true).read(WORLD))
                .isInstanceOfSatisfying(SdfException.class, e -> {
                    assertThat(e.file()).endsWith("triggered_publisher.sdf");
                    assertThat(e.line()).isEqualTo(179);
                    assertThat(e.column()).isPositive();
                })
                .hasMessageContaining("<service>");
    }

    private List<PluginStatus> failures() {
        return sim.runner().reads().pluginStatuses().stream()
                .filter(s -> s.state() == PluginState.FAILED)
                .toList();
    }
}
