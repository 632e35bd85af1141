package io.orrery.world.sdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.orrery.world.ModelSpec;
import io.orrery.world.SensorSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every size a sensor takes from SDF is bounded when the document is read (orrery.sdf.max-lidar-rays,
 * max-update-rate, max-noise), so that no device is ever built from it: the error names the source, line, column,
 * the bound and its property. Before these bounds, a spawned lidar of 40,000 × 40,000 samples reached the lidar
 * device, whose ray array ran the runner thread out of memory.
 */
class SdfSensorLimitsTests {

    final SdfReader reader = new SdfReader(List.of());

    /** A model with one sensor on line 2; its {@code <scan>} (for a lidar) on line 4. */
    static String model(String type, String body) {
        return "<model name='m'><link name='l'>\n"
                + "  <sensor name='s' type='" + type + "'>\n"
                + body
                + "\n  </sensor>\n</link></model>";
    }

    static String lidar(String horizontal, String vertical) {
        return model(
                "gpu_lidar",
                "    <lidar>\n"
                        + "      <scan><horizontal>" + horizontal + "</horizontal><vertical>" + vertical
                        + "</vertical></scan>\n"
                        + "      <range><min>0.1</min><max>10</max></range>\n"
                        + "    </lidar>");
    }

    static String samples(long n) {
        return "<samples>" + n + "</samples><min_angle>-1</min_angle><max_angle>1</max_angle>";
    }

    @Test
    void aLidarOf40000By40000SamplesIsRefusedAtItsScanNamingTheBound() {
        SdfException e = catchThrowableOfType(
                SdfException.class, () -> reader.readModel(lidar(samples(40_000), samples(40_000)), "spawn request"));

        assertThat(e).isNotNull();
        assertThat(e.file()).isEqualTo("spawn request");
        assertThat(e.line()).isEqualTo(4);
        assertThat(e.column()).isEqualTo(13); // just after <scan>
        assertThat(e.detail())
                .contains(
                        "model 'm' link 'l' sensor 's'",
                        "<lidar><scan> asks for 1600000000 rays",
                        "40000 horizontal × 40000 vertical",
                        "more than the 262144 one document may hold",
                        "orrery.sdf.max-lidar-rays");
    }

    @Test
    void samplesAloneBeyondTheBoundFailAtTheSamplesElement() {
        SdfException e = catchThrowableOfType(
                SdfException.class,
                () -> reader.readModel(lidar(samples(10_000_000_000L), samples(1)), "spawn request"));

        assertThat(e.line()).isEqualTo(4);
        assertThat(e.column()).isEqualTo(34); // just after <horizontal><samples>
        assertThat(e.detail())
                .contains(
                        "<lidar><scan><horizontal><samples> 10000000000 is more than the 262144",
                        "orrery.sdf.max-lidar-rays");
    }

    @Test
    void theRaysOfEveryLidarInADocumentCountTogether() {
        String two = "<model name='m'><link name='l'>\n"
                + "<sensor name='a' type='lidar'><lidar><scan><horizontal><samples>2000</samples></horizontal>"
                + "<vertical><samples>100</samples></vertical></scan></lidar></sensor>\n"
                + "<sensor name='b' type='ray'><ray><scan><horizontal><samples>2000</samples></horizontal>"
                + "<vertical><samples>100</samples></vertical></scan></ray></sensor>\n"
                + "</link></model>";

        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.readModel(two, "spawn request"));

        assertThat(e.line()).isEqualTo(3);
        assertThat(e.detail())
                .contains(
                        "sensor 'b'",
                        "<ray><scan> asks for 200000 rays",
                        "the lidars before it in this document ask for 200000");
        // each alone fits
        assertThat(reader.readModel(two.replace("type='ray'", "type='camera'"), "spawn request")
                        .links()
                        .get(0)
                        .sensors())
                .hasSize(2);
    }

    @Test
    void aResolutionAboveOneMultipliesTheRaysAsGazeboCountsItsRanges() {
        String dense = lidar(samples(640) + "<resolution>10</resolution>", samples(64));
        SdfException e = catchThrowableOfType(SdfException.class, () -> reader.readModel(dense, "spawn request"));
        assertThat(e.detail()).contains("asks for 409600 rays", "640 horizontal × resolution 10 × 64 vertical");

        String coarse = lidar(samples(640) + "<resolution>0.5</resolution>", samples(64));
        assertThat(reader.readModel(coarse, "spawn request").name()).isEqualTo("m");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "<samples>0</samples>",
                "<samples>-3</samples>",
                "<samples>1.5</samples>",
                "<samples>NaN</samples>",
                "<samples>1e999</samples>",
                "<resolution>0</resolution>",
                "<resolution>-1</resolution>",
                "<min_angle>Infinity</min_angle>"
            })
    void aScanValueThatIsNoCountIsRefusedNamingIt(String element) {
        SdfException e = catchThrowableOfType(
                SdfException.class, () -> reader.readModel(lidar(element, samples(1)), "spawn request"));

        assertThat(e).as(element).isNotNull();
        assertThat(e.line()).as("%s", e).isEqualTo(4);
        assertThat(e.detail()).contains("sensor 's'", "<" + element.substring(1, element.indexOf('>')) + ">");
    }

    @Test
    void anUpdateRateAboveTheBoundIsRefused() {
        SdfException e = catchThrowableOfType(
                SdfException.class,
                () -> reader.readModel(model("imu", "    <update_rate>1e9</update_rate>"), "spawn request"));

        assertThat(e.line()).isEqualTo(3);
        assertThat(e.detail())
                .contains(
                        "sensor 's'",
                        "<update_rate> 1e9 Hz is above the highest rate allowed,"
                                + " 1000000 Hz (orrery.sdf.max-update-rate)");
        SensorSpec fast = sensorOf(reader.readModel(model("imu", "    <update_rate>1000000</update_rate>"), "s"));
        assertThat(fast.updateRate()).isEqualTo(1e6);
    }

    @Test
    void noiseParametersAreFiniteBoundedAndTheirSpreadsNotNegative() {
        String imu = model(
                "imu",
                "    <imu><angular_velocity><x><noise type='gaussian'>\n"
                        + "      %s\n"
                        + "    </noise></x></angular_velocity></imu>");

        SdfException huge = catchThrowableOfType(
                SdfException.class, () -> reader.readModel(String.format(imu, "<mean>1e300</mean>"), "spawn request"));
        assertThat(huge.line()).isEqualTo(4);
        assertThat(huge.detail())
                .contains(
                        "sensor 's'",
                        "<noise><mean> 1e300 is beyond the largest noise parameter"
                                + " allowed, ±1000000 (orrery.sdf.max-noise)");
        SdfException negative = catchThrowableOfType(
                SdfException.class,
                () -> reader.readModel(String.format(imu, "<stddev>-0.1</stddev>"), "spawn request"));
        assertThat(negative.detail()).contains("<noise><stddev> must be zero or more, got '-0.1'");
        SdfException nan = catchThrowableOfType(
                SdfException.class,
                () -> reader.readModel(String.format(imu, "<bias_stddev>NaN</bias_stddev>"), "spawn request"));
        assertThat(nan.detail()).contains("<bias_stddev> must be a number, got 'NaN'");

        // what real sensors write, and empty elements (read as 0), are fine
        assertThat(reader.readModel(
                                String.format(
                                        imu,
                                        "<mean>0</mean><stddev>2e-4</stddev><bias_mean>7.5e-6"
                                                + "</bias_mean><bias_stddev></bias_stddev><precision>0.001</precision>"),
                                "spawn request")
                        .name())
                .isEqualTo("m");
    }

    @Test
    void theBoundsAreTheReadersOwnAndApplyToWorldFilesToo() {
        SdfReader strict = new SdfReader(List.of(), SdfLimits.DEFAULT.withSensorBounds(1000, 100, 1));
        String world = "<sdf version='1.9'><world name='w'>\n" + lidar(samples(100), samples(11)) + "\n</world></sdf>";
        Path file = Path.of("src/test/resources/worlds/in_memory.sdf");

        SdfException e = catchThrowableOfType(
                SdfException.class, () -> strict.read(file, world.getBytes(StandardCharsets.UTF_8)));
        assertThat(e.file()).isEqualTo(file.toAbsolutePath().normalize().toString());
        assertThat(e.line()).isEqualTo(5);
        assertThat(e.detail()).contains("asks for 1100 rays", "more than the 1000");
        assertThat(catchThrowableOfType(
                                SdfException.class,
                                () -> strict.readModel(model("imu", "<update_rate>101</update_rate>"), "s"))
                        .detail())
                .contains("above the highest rate allowed, 100 Hz");
        // the defaults take every real sensor: Gazebo's lidars ask for a few thousand rays
        assertThat(sensorOf(reader.readModel(lidar(samples(640), samples(16)), "s"))
                        .type())
                .isEqualTo("gpu_lidar");
    }

    private static SensorSpec sensorOf(ModelSpec model) {
        return model.links().get(0).sensors().get(0);
    }
}
