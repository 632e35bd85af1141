package io.orrery.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TopicNamesTests {

    @ParameterizedTest
    @CsvSource({
        "imu, /imu",
        "/imu, /imu",
        "model/vehicle_blue/cmd_vel, /model/vehicle_blue/cmd_vel",
        "/world/default/pose/info, /world/default/pose/info",
        "a, /a"
    })
    void absoluteNames(String name, String normalized) {
        assertThat(TopicNames.normalize(name)).isEqualTo(normalized);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", " ", "\t\n"})
    void emptyNamesAreRefused(String name) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> TopicNames.normalize(name))
                .withMessage("a topic name must not be empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b", "/imu ", " /imu", "a//b", "//a", "/a/", "a/", "/a\tb", "/a\u2003b"})
    void malformedNamesAreRefusedNamingThem(String name) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> TopicNames.normalize(name))
                .withMessageContaining("'" + name + "'")
                .withMessageContaining("no whitespace, no empty segments, no trailing '/'");
    }

    @org.junit.jupiter.api.Test
    void nullIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> TopicNames.normalize(null));
    }
}
