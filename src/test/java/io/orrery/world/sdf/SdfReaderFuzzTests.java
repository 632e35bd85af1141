package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.orrery.world.CollisionSpec;
import io.orrery.world.Geometry;
import io.orrery.world.LinkSpec;
import io.orrery.world.ModelSpec;
import io.orrery.world.PhysicalBounds;
import io.orrery.world.SdfElement;
import io.orrery.world.SensorSpec;
import io.orrery.world.WorldSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Bytes in, a world (or a model) out, or an {@link SdfException} naming the source, line and column: never another
 * exception, and within a bounded time per input (30 s: generous, for a cold, instrumented, niced fuzzing JVM; warm
 * and uninstrumented the slowest committed input takes about 0.2 s). Memory is bounded by the limits and the heap
 * ({@code -Xmx512m} when fuzzing; an OutOfMemoryError would be a finding). Runs in every build over the committed inputs in
 * {@code src/test/resources/io/orrery/world/sdf/SdfReaderFuzzTestsInputs/<method>/} (real worlds and hostile ones:
 * truncated, XXE, billion laughs, 10,000 nested models, NaN and infinite numbers, negative mass and sizes, huge
 * attributes, wrong encodings, lidars of 40,000 × 40,000 samples, huge update rates and noise). A world or model
 * read must hold its sensors' sizes to the limits: lidar rays, update rates. To fuzz for real (one method per run; findings land in that directory):
 * {@code JAZZER_FUZZ=1 ./mvnw test -Dtest=SdfReaderFuzzTests#worlds -DargLine=-Xmx512m}.
 */
class SdfReaderFuzzTests {

    /** Names the input in messages; includes resolve beside it, in the test models' directory. */
    private static final Path SOURCE = SdfReaderTests.RESOURCES.resolve("fuzzed.sdf");

    static {
        // a line per ignored element, for every input, would slow fuzzing down to the console's pace
        ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger(SdfReader.class))
                .setLevel(ch.qos.logback.classic.Level.ERROR);
    }

    private static final Duration PER_INPUT = Duration.ofSeconds(30);

    /** Small limits, so the fuzzer meets them: 1 MiB, 32 levels, 200 models, 100,000 lidar rays. */
    private static final SdfLimits LIMITS = new SdfLimits(1024 * 1024, 32, 200)
            .withSensorBounds(100_000, SdfLimits.DEFAULT_MAX_UPDATE_RATE, SdfLimits.DEFAULT_MAX_NOISE);

    private static final SdfReader READER = new SdfReader(List.of(SdfReaderTests.MODELS), LIMITS);

    @FuzzTest(maxDuration = "10m")
    void worlds(byte[] input) {
        long start = System.nanoTime();
        try {
            WorldSpec world = READER.read(SOURCE, input);
            assertThat(world.name()).isNotNull();
            assertThat(world.models().size()).isLessThanOrEqualTo(200);
            assertThat(world.models().stream()
                            .mapToDouble(SdfReaderFuzzTests::lidarRays)
                            .sum())
                    .as("lidar rays")
                    .isLessThanOrEqualTo(LIMITS.maxLidarRays());
            world.models().forEach(SdfReaderFuzzTests::assertRatesWithinBound);
            world.models().forEach(SdfReaderFuzzTests::assertWithinPhysicalBounds);
        } catch (SdfException e) {
            assertLocated(e, SOURCE.toAbsolutePath().normalize().toString());
        }
        assertBoundedTime(start);
    }

    @FuzzTest(maxDuration = "10m")
    void modelSnippets(byte[] input) {
        long start = System.nanoTime();
        try {
            ModelSpec model = READER.readModel(new String(input, StandardCharsets.UTF_8), "spawn request");
            assertThat(model.name()).isNotNull();
            assertThat(lidarRays(model)).as("lidar rays").isLessThanOrEqualTo(LIMITS.maxLidarRays());
            assertRatesWithinBound(model);
            assertWithinPhysicalBounds(model);
            assertMeshesInsideTheModelPath(model);
        } catch (SdfException e) {
            assertLocated(e, "spawn request");
            // issue 33 item 8: a refusal names files of the model path by their URIs, never where they lie
            assertThat(e.getMessage())
                    .as("%s", e)
                    .doesNotContain(MODEL_PATH.toString(), SdfReaderTests.MODELS.toString());
        }
        assertBoundedTime(start);
    }

    /**
     * The rays a model's lidars would cast, as the lidar device counts them from the element it is built from: the
     * read must have refused a model beyond the bound.
     */
    private static double lidarRays(ModelSpec model) {
        double rays = model.models().stream()
                .mapToDouble(SdfReaderFuzzTests::lidarRays)
                .sum();
        for (LinkSpec link : model.links()) {
            for (SensorSpec sensor : link.sensors()) {
                if (List.of("lidar", "gpu_lidar", "ray", "gpu_ray").contains(sensor.type())) {
                    SdfElement lidar =
                            sensor.child("lidar").or(() -> sensor.child("ray")).orElse(null);
                    rays += samples(lidar, "horizontal", 640) * samples(lidar, "vertical", 1);
                }
            }
        }
        return rays;
    }

    private static double samples(SdfElement lidar, String axis, int fallback) {
        return java.util.Optional.ofNullable(lidar)
                .flatMap(l -> l.child("scan"))
                .flatMap(s -> s.child(axis))
                .flatMap(a -> a.child("samples"))
                .map(SdfElement::text)
                .filter(t -> !t.isBlank())
                .map(t -> Double.parseDouble(t.strip()))
                .orElse((double) fallback);
    }

    private static void assertRatesWithinBound(ModelSpec model) {
        model.models().forEach(SdfReaderFuzzTests::assertRatesWithinBound);
        for (LinkSpec link : model.links()) {
            for (SensorSpec sensor : link.sensors()) {
                assertThat(sensor.updateRate()).as("update rate").isLessThanOrEqualTo(LIMITS.maxUpdateRate());
            }
        }
    }

    /**
     * What a read model hands the engines is within {@link PhysicalBounds}: poses, shapes, masses and inertias (a
     * sphere of radius 1e30 used to be read, and broke JBullet's next step).
     */
    private static void assertWithinPhysicalBounds(ModelSpec model) {
        model.models().forEach(SdfReaderFuzzTests::assertWithinPhysicalBounds);
        assertThat(PhysicalBounds.reach(model.pose().position()))
                .as("model pose")
                .isLessThanOrEqualTo(MAX_POSITION);
        for (LinkSpec link : model.links()) {
            assertThat(PhysicalBounds.reach(link.pose().position()))
                    .as("link pose")
                    .isLessThanOrEqualTo(MAX_POSITION);
            link.inertial().ifPresent(in -> {
                assertThat(in.mass()).as("mass").isBetween(0.0, PhysicalBounds.MAX_MASS);
                assertThat(in.mass() == 0 || in.mass() >= PhysicalBounds.MIN_MASS)
                        .as("mass %s", in.mass())
                        .isTrue();
            });
            for (CollisionSpec c : link.collisions()) {
                assertThat(PhysicalBounds.reach(c.pose().position()))
                        .as("collision pose")
                        .isLessThanOrEqualTo(MAX_POSITION);
                assertThat(longest(c.geometry())).as("%s", c.geometry()).isLessThanOrEqualTo(PhysicalBounds.MAX_LENGTH);
            }
        }
    }

    private static final double MAX_POSITION = PhysicalBounds.MAX_POSITION;

    private static final Path MODEL_PATH = realPath(SdfReaderTests.MODELS);

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * A spawned model may read meshes only from its model directories (issue 33 item 5: {@code model://../x} resolved
     * beside the model path, where the seeds' {@code sdf/meshes/body.stl} lies).
     */
    private static void assertMeshesInsideTheModelPath(ModelSpec model) {
        model.models().forEach(SdfReaderFuzzTests::assertMeshesInsideTheModelPath);
        for (LinkSpec link : model.links()) {
            for (CollisionSpec c : link.collisions()) {
                if (c.geometry() instanceof Geometry.Mesh m) {
                    // the file the loader read (its real path), then a submesh's name if one was chosen
                    assertThat(m.triangles().source()).as("%s", m.uri()).startsWith(MODEL_PATH + "/");
                }
            }
        }
    }

    /** The longest dimension of a shape, metres (0 for what has none). */
    private static double longest(Geometry g) {
        if (g instanceof Geometry.Box b) {
            return PhysicalBounds.reach(b.size());
        }
        if (g instanceof Geometry.Sphere s) {
            return s.radius();
        }
        if (g instanceof Geometry.Cylinder c) {
            return Math.max(c.radius(), c.length());
        }
        if (g instanceof Geometry.Capsule c) {
            return Math.max(c.radius(), c.length());
        }
        if (g instanceof Geometry.Cone c) {
            return Math.max(c.radius(), c.length());
        }
        return g instanceof Geometry.Ellipsoid e ? PhysicalBounds.reach(e.radii()) : 0;
    }

    /**
     * A hang detector, not a benchmark: no input may take 30 s (the slowest committed one takes about 0.2 s warm).
     * Checked here rather than with JUnit's {@code @Timeout}, which in fuzzing mode would end the whole session.
     */
    private static void assertBoundedTime(long start) {
        assertThat(System.nanoTime() - start).as("nanoseconds for one input").isLessThan(PER_INPUT.toNanos());
    }

    /**
     * The error names a source (the input, a file it included, or a model's file by its URI, never its place on the
     * server), a line and column, and what is wrong.
     */
    private static void assertLocated(SdfException e, String source) {
        assertThat(e.file()).as("%s", e).isNotBlank();
        boolean modelFile = e.file().startsWith("model://") || e.file().startsWith("http");
        if (!e.file().equals(source) && !modelFile) {
            assertThat(Path.of(e.file())).as("an included file named by %s", e).exists();
        }
        assertThat(e.line()).as("%s", e).isNotNegative();
        assertThat(e.column()).as("%s", e).isNotNegative();
        assertThat(e.detail()).as("%s", e).isNotBlank();
    }
}
