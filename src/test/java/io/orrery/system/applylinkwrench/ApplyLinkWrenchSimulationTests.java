package io.orrery.system.applylinkwrench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.EntityWrenchProtos.EntityWrench;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.PostUpdate;
import io.orrery.system.UpdateInfo;
import io.orrery.world.Vec3;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/apply_link_wrench_system.cc} re-expressed over its own world (vendored in
 * {@code worlds/gz-sim-tests}): four 1 kg boxes without gravity, pushed along x. Its check, each step's world linear
 * acceleration of each link within {@code tol} = 10e-4 of force over mass, is made the way gz-sim's physics system
 * measures it, the change of the link's velocity over the step.
 */
class ApplyLinkWrenchSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/apply_link_wrench.sdf");
    static final double TOL = 10e-4;
    static final String WRENCH = "/world/apply_link_wrench/wrench";

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** Each step's x acceleration of each model's link, by model. */
    static final class Accelerations implements PostUpdate {
        final Map<String, Vec3> last = new HashMap<>();
        final Map<String, List<Double>> x = new HashMap<>();

        @Override
        public void postUpdate(UpdateInfo info, WorldView world) {
            if (info.paused()) {
                return;
            }
            for (String model : List.of("model1", "model2", "model3", "model4")) {
                LinkState link = world.model(model).orElseThrow().links().get(0);
                Vec3 v = link.velocity().linear();
                Vec3 before = last.getOrDefault(model, Vec3.ZERO);
                x.computeIfAbsent(model, k -> Collections.synchronizedList(new ArrayList<>()))
                        .add((v.x() - before.x()) / info.dtSeconds());
                last.put(model, v);
            }
        }

        List<Double> of(String model) {
            return List.copyOf(x.get(model));
        }
    }

    @Test
    void fromSdf() throws Exception {
        Accelerations a = new Accelerations();
        sim.system(a);
        sim.startPaused(WORLD);
        sim.step(100);
        assertThat(a.of("model1")).hasSize(100).allSatisfy(x -> assertThat(x).isCloseTo(50.0, within(TOL)));
        assertThat(a.of("model2")).hasSize(100).allSatisfy(x -> assertThat(x).isCloseTo(-100.0, within(TOL)));
    }

    @Test
    void persistentFromTopic() throws Exception {
        Accelerations a = new Accelerations();
        sim.system(a);
        sim.startPaused(WORLD);
        sim.publish(WRENCH + "/persistent", wrench("model3", Entity.Type.MODEL, 50, 0.5));
        sim.publish(WRENCH + "/persistent", wrench("model4::link", Entity.Type.LINK, -100, -1.0));
        sim.step(100);
        assertThat(a.of("model3")).hasSize(100).allSatisfy(x -> assertThat(x).isCloseTo(50.0, within(TOL)));
        assertThat(a.of("model4")).hasSize(100).allSatisfy(x -> assertThat(x).isCloseTo(-100.0, within(TOL)));

        sim.publish(WRENCH + "/clear", entity("model3", Entity.Type.MODEL));
        sim.publish(WRENCH + "/clear", entity("model4::link", Entity.Type.LINK));
        sim.step(100);
        assertThat(a.of("model3").subList(100, 200))
                .allSatisfy(x -> assertThat(x).isCloseTo(0.0, within(TOL)));
        assertThat(a.of("model4").subList(100, 200))
                .allSatisfy(x -> assertThat(x).isCloseTo(0.0, within(TOL)));
    }

    @Test
    void instantaneousFromTopic() throws Exception {
        Accelerations a = new Accelerations();
        sim.system(a);
        sim.startPaused(WORLD);
        sim.publish(WRENCH, wrench("model3", Entity.Type.MODEL, 50, 0.5));
        sim.publish(WRENCH, wrench("model4::link", Entity.Type.LINK, -100, -1.0));
        sim.step(20);
        List<Double> three = a.of("model3");
        List<Double> four = a.of("model4");
        assertThat(three).hasSize(20);
        assertThat(three.get(0)).isCloseTo(50.0, within(TOL));
        assertThat(four.get(0)).isCloseTo(-100.0, within(TOL));
        assertThat(three.subList(1, 20)).allSatisfy(x -> assertThat(x).isCloseTo(0.0, within(TOL)));
        assertThat(four.subList(1, 20)).allSatisfy(x -> assertThat(x).isCloseTo(0.0, within(TOL)));
    }

    static EntityWrench wrench(String name, Entity.Type type, double forceX, double torqueZ) {
        EntityWrench.Builder msg = EntityWrench.newBuilder().setEntity(entity(name, type));
        msg.getWrenchBuilder().getForceBuilder().setX(forceX);
        msg.getWrenchBuilder().getTorqueBuilder().setZ(torqueZ);
        return msg.build();
    }

    static Entity entity(String name, Entity.Type type) {
        return Entity.newBuilder().setName(name).setType(type).build();
    }
}
