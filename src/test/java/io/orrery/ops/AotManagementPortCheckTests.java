package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class AotManagementPortCheckTests {

    @Test
    void aSeparateManagementPortIsRefusedInAotModeNamingThePropertyAndTheWayOut() {
        MockEnvironment environment = new MockEnvironment()
                .withProperty("server.port", "8080")
                .withProperty("management.server.port", "8081");
        assertThatIllegalStateException()
                .isThrownBy(() -> AotManagementPortCheck.check(environment, true))
                .withMessageContaining("management.server.port=8081")
                .withMessageContaining("without -Dspring.aot.enabled=true");
    }

    @Test
    void aDisabledManagementServerIsRefusedInAotModeToo() {
        MockEnvironment environment = new MockEnvironment().withProperty("management.server.port", "-1");
        assertThatIllegalStateException().isThrownBy(() -> AotManagementPortCheck.check(environment, true));
    }

    @Test
    void theHttpPortOrNoManagementPortIsFineInAotMode() {
        assertThatCode(() -> AotManagementPortCheck.check(new MockEnvironment(), true))
                .doesNotThrowAnyException();
        assertThatCode(() -> AotManagementPortCheck.check(
                        new MockEnvironment()
                                .withProperty("server.port", "9090")
                                .withProperty("management.server.port", "9090"),
                        true))
                .doesNotThrowAnyException();
    }

    @Test
    void anyManagementPortIsFineInTheRegularMode() {
        assertThatCode(() -> AotManagementPortCheck.check(
                        new MockEnvironment().withProperty("management.server.port", "8081"), false))
                .doesNotThrowAnyException();
    }
}
