package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.gz.msgs.EntityProtos.Entity;
import com.gz.msgs.LaserScanProtos.LaserScan;
import com.gz.msgs.ModelProtos.Model;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading gz.msgs JSON into messages: names in either form, and no value that would poison a world. */
class MessageReaderTests {

    private final ObjectMapper mapper = new ObjectMapper();
    private final MessageReader reader = new MessageReader();

    private <T extends com.google.protobuf.Message> T read(String json, Class<T> type) throws Exception {
        return reader.read(mapper.readTree(json), type);
    }

    @Test
    void readsProtobufJsonNamesAndNumbersGivenAsStrings() throws Exception {
        Twist t = read("{\"linear\": {\"x\": \"0.5\"}, \"angular\": {\"z\": 0.25}}", Twist.class);

        assertThat(t.getLinear().getX()).isEqualTo(0.5);
        assertThat(t.getAngular().getZ()).isEqualTo(0.25);
    }

    @Test
    void snakeCaseAndLowerCamelCaseNamesAreTheSameField() throws Exception {
        LaserScan snake =
                read("{\"vertical_angle_min\": -0.5, \"world_pose\": {\"position\": {\"z\": 1}}}", LaserScan.class);
        LaserScan camel =
                read("{\"verticalAngleMin\": -0.5, \"worldPose\": {\"position\": {\"z\": 1}}}", LaserScan.class);

        assertThat(snake).isEqualTo(camel);
        assertThat(snake.getVerticalAngleMin()).isEqualTo(-0.5);
        assertThat(snake.getWorldPose().getPosition().getZ()).isEqualTo(1);
    }

    /** Protobuf's JSON writes 64-bit integers as strings and reads both; an enum by its name or its number. */
    @Test
    void sixtyFourBitIntegersAsStringsOrNumbersAndEnumsByNameOrNumber() throws Exception {
        assertThat(read("{\"iterations\": \"18446744073709551615\"}", WorldStatistics.class)
                        .getIterations())
                .isEqualTo(-1L); // 2^64-1 as an unsigned long
        assertThat(read("{\"iterations\": 42, \"sim_time\": {\"sec\": \"3\"}}", WorldStatistics.class))
                .satisfies(s -> assertThat(s.getSimTime().getSec()).isEqualTo(3))
                .extracting(WorldStatistics::getIterations)
                .isEqualTo(42L);
        assertThat(read("{\"type\": \"MODEL\"}", Entity.class).getType()).isEqualTo(Entity.Type.MODEL);
        assertThat(read("{\"type\": 2}", Entity.class).getType()).isEqualTo(Entity.Type.MODEL);
    }

    @Test
    void aFieldLeftOutOrNullTakesProtobufsDefault() throws Exception {
        Twist t = read("{\"linear\": {\"x\": null}}", Twist.class);

        assertThat(t.hasLinear()).isTrue();
        assertThat(t.getLinear().getX()).isZero();
        assertThat(t.hasAngular()).isFalse();
    }

    /**
     * Protobuf's JSON allows "NaN" and "Infinity" for a double, and a literal beyond the double range reads as
     * infinity; a command carrying one would turn the bodies it drives into NaN, so it is refused naming the field,
     * as the API refuses non-finite numbers in poses and factors.
     */
    @ParameterizedTest
    @ValueSource(strings = {"\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "1e999", "-1e400", "\"1e999\""})
    void aNonFiniteNumberIsRefusedNamingTheField(String value) {
        assertThatThrownBy(() -> read("{\"linear\": {\"y\": " + value + "}}", Twist.class))
                .isInstanceOfSatisfying(MessageReader.BadMessageException.class, e -> {
                    assertThat(e.field()).isEqualTo("linear.y");
                    assertThat(e.type()).isEqualTo("gz.msgs.Twist");
                    assertThat(e.getMessage()).contains("finite");
                });
    }

    @Test
    void aNonFiniteNumberInAListIsRefusedNamingItsIndex() {
        assertThatThrownBy(() -> read("{\"ranges\": [1, \"NaN\"]}", LaserScan.class))
                .isInstanceOfSatisfying(
                        MessageReader.BadMessageException.class,
                        e -> assertThat(e.field()).isEqualTo("ranges[1]"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"linear\": {\"w\": 1}}|linear.w|unknown field 'linear.w' in gz.msgs.Twist; gz.msgs.Vector3d has header, x, y, z",
                "{\"speed\": 1}|speed|unknown field 'speed' in gz.msgs.Twist; gz.msgs.Twist has header, linear, angular",
                "{\"linear\": 3}|linear|field 'linear' must be a JSON object (gz.msgs.Vector3d), got 3",
                "{\"linear\": [1, 2, 3]}|linear|field 'linear' must be a JSON object (gz.msgs.Vector3d)",
                "{\"linear\": {\"x\": \"fast\"}}|linear.x|field 'linear.x' must be a number, got \"fast\"",
                "{\"linear\": {\"x\": true}}|linear.x|field 'linear.x' must be a number, got true",
                "{\"linear\": {\"x\": \" 1\"}}|linear.x|field 'linear.x' must be a number",
                "{\"header\": {\"stamp\": {\"sec\": 1.5}}}|header.stamp.sec|must be a whole number from -9223372036854775808",
                "{\"header\": {\"stamp\": {\"nsec\": 3000000000}}}|header.stamp.nsec|must be a whole number from -2147483648 to 2147483647",
                "{\"header\": {\"data\": {\"key\": \"a\"}}}|header.data|field 'header.data' must be a JSON array"
            })
    void aFieldThatDoesNotFitIsRefusedNamingIt(String json, String field, String message) {
        assertThatThrownBy(() -> read(json, Twist.class))
                .isInstanceOfSatisfying(MessageReader.BadMessageException.class, e -> {
                    assertThat(e.field()).isEqualTo(field);
                    assertThat(e.getMessage()).contains(message);
                });
    }

    @Test
    void theSameFieldUnderBothNamesIsGivenTwice() {
        assertThatThrownBy(() -> read("{\"angle_min\": 1, \"angleMin\": 2}", LaserScan.class))
                .isInstanceOfSatisfying(MessageReader.BadMessageException.class, e -> {
                    assertThat(e.field()).isEqualTo("angleMin");
                    assertThat(e.getMessage()).contains("given twice");
                });
    }

    @Test
    void unsignedAndEnumValuesOutOfRangeAreRefused() {
        assertThatThrownBy(() -> read("{\"id\": -1}", Model.class))
                .hasMessageContaining("field 'id' must be a whole number from 0 to 4294967295, got -1");
        assertThatThrownBy(() -> read("{\"type\": \"ROBOT\"}", Entity.class))
                .hasMessageContaining("field 'type' must be one of NONE, LIGHT, MODEL");
    }

    @Test
    void theMessageMustBeAnObject() {
        assertThatThrownBy(() -> read("[1]", Twist.class))
                .isInstanceOfSatisfying(
                        MessageReader.BadMessageException.class,
                        e -> assertThat(e.getMessage()).isEqualTo("the message must be a JSON object (gz.msgs.Twist)"));
    }
}
