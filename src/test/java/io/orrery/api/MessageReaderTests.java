package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.topic.msgs.LaserScan;
import io.orrery.topic.msgs.Twist;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading gz.msgs JSON into message records: names in either form, and no number that would poison a world. */
class MessageReaderTests {

    private final ObjectMapper mapper = new ObjectMapper();
    private final MessageReader reader = new MessageReader(mapper);

    @Test
    void readsProtobufJsonNamesAndNumbersGivenAsStrings() throws Exception {
        Twist t = reader.read(mapper.readTree("{\"linear\": {\"x\": \"0.5\"}, \"angular\": {\"z\": 0.25}}"),
                Twist.class);

        assertThat(t.linear().x()).isEqualTo(0.5);
        assertThat(t.angular().z()).isEqualTo(0.25);
    }

    /**
     * Protobuf's JSON allows "NaN" and "Infinity" for a double, and a literal beyond the double range reads as
     * infinity; a command carrying one would turn the bodies it drives into NaN, so it is refused naming the field,
     * as the API refuses non-finite numbers in poses and factors.
     */
    @ParameterizedTest
    @ValueSource(strings = {"\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "1e999", "-1e400", "\"1e999\""})
    void aNonFiniteNumberIsRefusedNamingTheField(String value) {
        assertThatThrownBy(() -> reader.read(mapper.readTree("{\"linear\": {\"y\": " + value + "}}"), Twist.class))
                .isInstanceOfSatisfying(MessageReader.BadMessageException.class, e -> {
                    assertThat(e.field()).isEqualTo("linear.y");
                    assertThat(e.getMessage()).contains("finite");
                });
    }

    @Test
    void aNonFiniteNumberInAListIsRefusedNamingItsIndex() {
        assertThatThrownBy(() -> reader.read(mapper.readTree("{\"ranges\": [1, \"NaN\"]}"), LaserScan.class))
                .isInstanceOfSatisfying(MessageReader.BadMessageException.class,
                        e -> assertThat(e.field()).isEqualTo("ranges[1]"));
    }
}
