package io.orrery.system.buoyancy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.orrery.system.GazeboSystemRunner;
import io.orrery.system.ModelTrace;
import io.orrery.world.ModelSpec;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * gz-sim's {@code test/integration/buoyancy.cc} re-expressed over its own worlds (vendored in
 * {@code worlds/gz-sim-tests}), with its iteration counts, figures and tolerances, on the default engine. Gazebo reads
 * the volume and centre of volume back from the link's components; here they are what the system computes for the
 * link from the same world file ({@link BuoyantLink}). The model's pose is recorded after every step, as the .cc's
 * test system does in PostUpdate.
 */
class BuoyancySimulationTests {

    static final Path WORLDS = Path.of("src/test/resources/worlds/gz-sim-tests");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    /** The volume and centre of volume Buoyancy computes for {@code model}'s link {@code link}. */
    static BuoyantLink link(Path world, String model, String link) {
        WorldSpec spec = new SdfReader(List.of()).read(world);
        ModelSpec m = spec.models().stream()
                .filter(s -> s.name().equals(model))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no model " + model));
        return BuoyantLink.of(m, new EnabledNames(java.util.Set.of()), p -> {
                    throw new AssertionError(p);
                })
                .stream()
                .filter(l -> l.name().equals(link))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no link " + link));
    }

    /** buoyancy.sdf.in as CMake configures it: the duck's meshes from the vendored media folder. */
    Path uniformWorld() {
        return sim.withReplaced(
                WORLDS.resolve("buoyancy.sdf.in"),
                "file://@CMAKE_SOURCE_DIR@/test/media/",
                WORLDS.resolve("media").toAbsolutePath().toUri().toString());
    }

    @Test
    void uniformWorldMovement() throws Exception {
        Path world = uniformWorld();
        // the .cc's volumes, to 1e-3, and centres of volume, exactly
        BuoyantLink submarine = link(world, "submarine", "body");
        assertThat(submarine.volume()).isCloseTo(0.25132741228718347, within(1e-3));
        assertThat(submarine.centreOfVolume()).isEqualTo(Vec3.ZERO);
        for (String model : List.of("submarine_buoyant", "submarine_sinking")) {
            BuoyantLink body = link(world, model, "body");
            assertThat(body.volume()).as(model).isCloseTo(0.735133, within(1e-3));
            assertThat(body.centreOfVolume()).as(model).isEqualTo(Vec3.ZERO);
        }
        BuoyantLink duck = link(world, "duck", "link");
        assertThat(duck.volume()).isCloseTo(1.40186, within(1e-3));
        assertThat(duck.centreOfVolume().x()).isCloseTo(0, within(1e-6));
        assertThat(duck.centreOfVolume().y()).isCloseTo(0, within(1e-6));
        assertThat(duck.centreOfVolume().z()).isCloseTo(-0.4, within(1e-6));

        ModelTrace sub = ModelTrace.on(sim, "submarine");
        ModelTrace sinking = ModelTrace.on(sim, "submarine_sinking");
        ModelTrace buoyant = ModelTrace.on(sim, "submarine_buoyant");
        ModelTrace duckTrace = ModelTrace.on(sim, "duck");
        sim.startPaused(world);
        int iterations = 1000;
        sim.step(iterations);

        assertThat(sub.poses()).hasSize(iterations);
        for (int i = 0; i < iterations; i++) {
            Pose s = sub.poses().get(i);
            // the neutral submarine stays at its start, to 1e-2
            assertThat(s.x()).as("submarine x at %d", i + 1).isCloseTo(0, within(1e-2));
            assertThat(s.y()).as("submarine y at %d", i + 1).isCloseTo(0, within(1e-2));
            assertThat(s.z()).as("submarine z at %d", i + 1).isCloseTo(0, within(1e-2));
            if (i + 1 > 10) {
                assertThat(sinking.poses().get(i).z())
                        .as("sinking at %d", i + 1)
                        .isLessThan(s.z());
                assertThat(buoyant.poses().get(i).z())
                        .as("buoyant at %d", i + 1)
                        .isGreaterThan(s.z());
                assertThat(duckTrace.poses().get(i).z()).as("duck at %d", i + 1).isGreaterThan(s.z());
            }
        }
        assertThat(sinking.poses().get(iterations - 1).z()).isCloseTo(-1.64, within(1e-2));
        assertThat(buoyant.poses().get(iterations - 1).z()).isCloseTo(4.90, within(1e-2));
        assertThat(duckTrace.poses().get(iterations - 1).z()).isCloseTo(171.4, within(1e-2));
    }

    @Test
    void gradedBuoyancy() throws Exception {
        ModelTrace neutral = ModelTrace.on(sim, "neutral_buoyancy");
        ModelTrace bobbing = ModelTrace.on(sim, "lighter_than_water");
        ModelTrace balloon = ModelTrace.on(sim, "balloon_lighter_than_air");
        ModelTrace sinking = ModelTrace.on(sim, "box_no_buoyancy");
        sim.startPaused(WORLDS.resolve("graded_buoyancy.sdf"));
        int iterations = 1000;
        sim.step(iterations);

        assertThat(neutral.poses()).hasSize(iterations);
        for (int i = 0; i < iterations; i++) {
            Pose n = neutral.poses().get(i);
            assertThat(n.x()).as("neutral x at %d", i + 1).isCloseTo(0, within(1e-1));
            assertThat(n.y()).as("neutral y at %d", i + 1).isCloseTo(5, within(1e-1));
            assertThat(n.z()).as("neutral z at %d", i + 1).isCloseTo(-3, within(1e-1));
            if (i + 1 > 10) {
                assertThat(balloon.poses().get(i).z())
                        .as("balloon at %d", i + 1)
                        .isGreaterThan(n.z());
                assertThat(bobbing.poses().get(i).z()).as("ball at %d", i + 1).isGreaterThan(-1.2);
                assertThat(bobbing.poses().get(i).z()).as("ball at %d", i + 1).isLessThan(0.5);
                assertThat(sinking.poses().get(i).z())
                        .as("no buoyancy at %d", i + 1)
                        .isLessThan(n.z());
            }
        }
    }

    @Test
    void restoringMoments() throws Exception {
        int iterations = 10000;
        List<Pose> uniform = submarinePoses("buoyancy_uniform_restoring_moments.sdf", iterations);
        sim.stop();
        List<Pose> graded = submarinePoses("buoyancy_graded_restoring_moments.sdf", iterations);

        assertThat(graded).hasSameSizeAs(uniform);
        assertThat(uniform).hasSize(iterations);
        double maxUniformRoll = 0;
        double maxGradedRoll = 0;
        double minUniformRoll = 0;
        double minGradedRoll = 0;
        for (int i = 0; i < iterations; i++) {
            Pose g = graded.get(i);
            Pose u = uniform.get(i);
            String at = "iteration " + (i + 1);
            // the two track a similar course when fully submerged (the .cc ignores roll here)
            assertThat(g.pitch()).as(at).isCloseTo(u.pitch(), within(1e-1));
            assertThat(g.yaw()).as(at).isCloseTo(u.yaw(), within(1e-1));
            assertThat(g.x()).as(at).isCloseTo(u.x(), within(1e-1));
            assertThat(g.y()).as(at).isCloseTo(u.y(), within(1e-1));
            assertThat(g.z()).as(at).isCloseTo(u.z(), within(1e-1));
            // the box stays around zero, without yaw or pitch
            assertThat(g.x()).as(at).isCloseTo(0, within(1e-1));
            assertThat(g.y()).as(at).isCloseTo(0, within(1e-1));
            assertThat(g.z()).as(at).isCloseTo(0, within(1e-1));
            assertThat(g.pitch()).as(at).isCloseTo(0, within(1e-1));
            assertThat(g.yaw()).as(at).isCloseTo(0, within(1e-1));
            // the roll does not exceed its equilibrium
            assertThat(g.roll()).as(at).isLessThan(0.11 + 0.01);
            assertThat(u.roll()).as(at).isLessThan(0.11 + 0.01);
            // as the .cc, the extremes of the rotation quaternion's x
            maxUniformRoll = Math.max(maxUniformRoll, u.rotation().x());
            maxGradedRoll = Math.max(maxGradedRoll, g.rotation().x());
            minUniformRoll = Math.min(minUniformRoll, u.rotation().x());
            minGradedRoll = Math.min(minGradedRoll, g.rotation().x());
        }
        assertThat(maxUniformRoll).isCloseTo(maxGradedRoll, within(1e-1));
        assertThat(maxUniformRoll).isCloseTo(0.11, within(1e-1));
        assertThat(minUniformRoll).isCloseTo(minGradedRoll, within(1e-1));
        // "empirically derived", with the .cc's extra 3e-5
        assertThat(minUniformRoll).isCloseTo(-0.15, within(1e-1 + 3e-5));
    }

    private List<Pose> submarinePoses(String file, int iterations) throws Exception {
        ModelTrace trace = ModelTrace.on(sim, "submarine");
        sim.startPaused(WORLDS.resolve(file));
        sim.step(iterations);
        return trace.poses();
    }

    @Test
    void offsetAndRotation() throws Exception {
        offsetAndRotation("center_of_volume.sdf");
    }

    @Test
    void offsetAndRotationGraded() throws Exception {
        offsetAndRotation("center_of_volume_graded.sdf");
    }

    private void offsetAndRotation(String file) throws Exception {
        Path world = WORLDS.resolve(file);
        assertThat(link(world, "no_offset", "link").centreOfVolume()).isEqualTo(Vec3.ZERO);
        assertThat(link(world, "no_offset_rotated", "link").centreOfVolume()).isEqualTo(Vec3.ZERO);
        assertThat(link(world, "com_cov_offset", "link").centreOfVolume()).isEqualTo(new Vec3(1, 1, 1));
        assertThat(link(world, "com_cov_offset_rotated", "link").centreOfVolume())
                .isEqualTo(new Vec3(1, 1, 1));
        Map<String, Pose> expected = Map.of(
                "no_offset", Pose.IDENTITY,
                "no_offset_rotated", Pose.of(-3, 0, 0, 0.1, 0.2, 0.3),
                "com_cov_offset", Pose.of(0, 3, 0, 0, 0, 0),
                "com_cov_offset_rotated", Pose.of(-3, 3, 0, 0.1, 0.2, 0.3));
        Map<String, ModelTrace> traces = new java.util.TreeMap<>();
        expected.keySet().forEach(m -> traces.put(m, ModelTrace.on(sim, m)));
        sim.startPaused(world);
        int iterations = 1000;
        sim.step(iterations);
        for (var e : traces.entrySet()) {
            List<Pose> poses = e.getValue().poses();
            assertThat(poses).hasSize(iterations);
            Pose want = expected.get(e.getKey());
            for (int i = 0; i < iterations; i++) {
                assertSamePose(e.getKey() + " at " + (i + 1), poses.get(i), want);
            }
        }
    }

    /**
     * gz-math's {@code Pose3d ==}: positions equal to 1e-6 per component, rotations to 1e-3 per quaternion component
     * (either sign of the quaternion).
     */
    static void assertSamePose(String what, Pose got, Pose want) {
        assertThat(got.x()).as(what).isCloseTo(want.x(), within(1e-6));
        assertThat(got.y()).as(what).isCloseTo(want.y(), within(1e-6));
        assertThat(got.z()).as(what).isCloseTo(want.z(), within(1e-6));
        var q = got.rotation();
        var w = want.rotation();
        double sign = q.w() * w.w() + q.x() * w.x() + q.y() * w.y() + q.z() * w.z() < 0 ? -1 : 1;
        assertThat(sign * q.w()).as(what).isCloseTo(w.w(), within(1e-3));
        assertThat(sign * q.x()).as(what).isCloseTo(w.x(), within(1e-3));
        assertThat(sign * q.y()).as(what).isCloseTo(w.y(), within(1e-3));
        assertThat(sign * q.z()).as(what).isCloseTo(w.z(), within(1e-3));
    }

    @Test
    void gradedSdfParsingOrder() throws Exception {
        ModelTrace box = ModelTrace.on(sim, "parse_test_box");
        sim.startPaused(WORLDS.resolve("buoyancy_graded_sdf_order.sdf"));
        int iterations = 1000;
        sim.step(iterations);
        assertThat(box.poses()).hasSize(iterations);
        for (int i = 0; i < iterations; i++) {
            Pose p = box.poses().get(i);
            // mass 500, volume 1, default density 500: neutral, near z = -5
            assertThat(p.x()).as("at %d", i + 1).isCloseTo(0, within(2e-1));
            assertThat(p.y()).as("at %d", i + 1).isCloseTo(0, within(2e-1));
            assertThat(p.z()).as("at %d", i + 1).isCloseTo(-5, within(5e-1));
        }
    }

    @Test
    void gradedDivideByZero() throws Exception {
        ModelTrace box = ModelTrace.on(sim, "deep_box");
        sim.startPaused(WORLDS.resolve("buoyancy_graded_divide_by_zero.sdf"));
        int iterations = 1000;
        sim.step(iterations);
        assertThat(box.poses()).hasSize(iterations);
        for (int i = 0; i < iterations; i++) {
            Pose p = box.poses().get(i);
            assertThat(Double.isFinite(p.x()) && Double.isFinite(p.y()) && Double.isFinite(p.z()))
                    .as("finite at %d: %s", i + 1, p)
                    .isTrue();
        }
    }

    @Test
    void gradedBuoyancyCylinderCapsuleEllipsoidCone() throws Exception {
        Path world = WORLDS.resolve("buoyancy_shapes.sdf");
        // the .cc's volumes, to 1e-2
        assertThat(link(world, "cylinder_neutral", "body").volume()).isCloseTo(0.2513, within(1e-2));
        assertThat(link(world, "capsule_neutral", "body").volume()).isCloseTo(1.309, within(1e-2));
        assertThat(link(world, "ellipsoid_neutral", "body").volume()).isCloseTo(0.2513, within(1e-2));
        assertThat(link(world, "cone_neutral", "body").volume()).isCloseTo(0.2618, within(1e-2));
        Map<String, Vec3> start = Map.of(
                "cylinder_neutral", new Vec3(0, 0, -3),
                "capsule_neutral", new Vec3(3, 0, -3),
                "ellipsoid_neutral", new Vec3(-3, 0, -3),
                "cone_neutral", new Vec3(0, 3, -3));
        Map<String, ModelTrace> traces = new java.util.TreeMap<>();
        start.keySet().forEach(m -> traces.put(m, ModelTrace.on(sim, m)));
        sim.startPaused(world);
        int iterations = 1000;
        sim.step(iterations);
        for (var e : traces.entrySet()) {
            List<Pose> poses = e.getValue().poses();
            assertThat(poses).hasSize(iterations);
            Vec3 want = start.get(e.getKey());
            for (int i = 0; i < iterations; i++) {
                Pose p = poses.get(i);
                String at = e.getKey() + " at " + (i + 1);
                assertThat(p.x()).as(at).isCloseTo(want.x(), within(1e-1));
                assertThat(p.y()).as(at).isCloseTo(want.y(), within(1e-1));
                assertThat(p.z()).as(at).isCloseTo(want.z(), within(1e-1));
            }
        }
    }

    @Test
    void resetStateContamination() throws Exception {
        List<String> models = List.of("neutral_buoyancy", "lighter_than_water", "box_no_buoyancy");
        List<ModelTrace> traces =
                models.stream().map(m -> ModelTrace.on(sim, m)).toList();
        sim.startPaused(WORLDS.resolve("graded_buoyancy.sdf"));
        int baselineSteps = 400;
        sim.step(baselineSteps);
        List<List<Pose>> baseline = traces.stream().map(ModelTrace::poses).toList();
        baseline.forEach(h -> assertThat(h).hasSize(baselineSteps));

        // let the buoyancy drift away from the start, so a reset must rewind more than the last pose
        sim.step(600);
        assertThat(traces.get(1).poses().get(999).z())
                .isGreaterThan(baseline.get(1).get(399).z() + 0.1);
        assertThat(traces.get(2).poses().get(999).z())
                .isLessThan(baseline.get(2).get(399).z() - 0.1);

        sim.reset();
        sim.step(2);
        int from = traces.get(0).poses().size();
        sim.step(baselineSteps);
        for (int m = 0; m < models.size(); m++) {
            List<Pose> after = traces.get(m).poses().subList(from, from + baselineSteps);
            for (int i : new int[] {199, 399}) {
                Vec3 a = after.get(i).position();
                Vec3 b = baseline.get(m).get(i).position();
                assertThat(a.minus(b).length())
                        .as("%s at %d", models.get(m), i + 1)
                        .isCloseTo(0, within(0.05));
            }
        }
    }

    /**
     * Not in the .cc: a model spawned into a loaded world floats as the loaded ones do (Gazebo's system computes the
     * volumes of every new link). center_of_volume.sdf's neutral box, spawned 10 m above as another model, stays
     * where it was spawned: 1,000 kg of box in 1 m³ of water, so the force cancels gravity to rounding.
     */
    @Test
    void aSpawnedModelFloats() throws Exception {
        Path world = WORLDS.resolve("center_of_volume.sdf");
        ModelSpec box = new SdfReader(List.of())
                .read(world).models().stream()
                        .filter(m -> m.name().equals("no_offset"))
                        .findFirst()
                        .orElseThrow();
        sim.startPaused(world);
        sim.step(10);
        sim.runner()
                .edits()
                .spawn(box.with("spawned_box", Pose.translation(0, -3, 10), false))
                .get(30, java.util.concurrent.TimeUnit.SECONDS);
        sim.step(1000);
        // unsupported, it would fall 0.5 g t² = 4.9 m in the second
        assertSamePose("spawned box", sim.model("spawned_box").pose(), Pose.translation(0, -3, 10));
    }
}
