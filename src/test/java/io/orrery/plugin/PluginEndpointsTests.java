package io.orrery.plugin;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.builtin.Extensions;
import io.orrery.builtin.LifecycleBridgePlugin;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Which endpoints a plugin from a request may name: the host (and the port, when the entry gives one) must be
 * listed, compared as the HTTP client will connect, so user info, case and default ports fool no one.
 */
class PluginEndpointsTests {

    private final PluginEndpoints endpoints = new PluginEndpoints(
            Extensions.discovered().plugins(), List.of("bridge.example", "localhost:9000", "[::1]:9001"));

    @Test
    void aListedHostPassesOnAnyPortOrTheListedOne() {
        for (String ok : List.of(
                "http://bridge.example/hook",
                "https://BRIDGE.example:8443/x",
                "http://localhost:9000/",
                "http://[::1]:9001/x",
                " http://bridge.example/padded ")) {
            assertThatCode(() -> check(ok)).as(ok).doesNotThrowAnyException();
        }
    }

    @Test
    void anyOtherHostPortOrSpellingIsRefusedNamingThePluginTheEndpointAndTheProperty() {
        for (String refused : List.of(
                "http://127.0.0.1:9000/",
                "http://localhost:9001/",
                "http://localhost/",
                "http://bridge.example@127.0.0.1/",
                "http://bridge.example.evil.example/",
                "http://[::1]:9000/",
                "http://bridge.example%2e/",
                "not a url",
                "file:///etc/passwd",
                "http:///nohost")) {
            assertThatThrownBy(() -> check(refused))
                    .as(refused)
                    .isInstanceOf(PluginEndpointRefusedException.class)
                    .hasMessageContaining("robot::bridge")
                    .hasMessageContaining(refused.strip())
                    .hasMessageContaining("orrery.allowed-plugin-endpoints");
        }
    }

    @Test
    void pluginsThatOpenNoConnectionAndUnknownOnesPass() {
        assertThatCode(() -> endpoints.check(
                        List.of(
                                owned("orrery-pose-publisher", null),
                                owned("gz-sim-unknown-system", "http://127.0.0.1/")),
                        "a test"))
                .doesNotThrowAnyException();
    }

    @Test
    void anEntryMustBeAHostWithAnOptionalPort() {
        for (String bad : List.of(
                "", "http://bridge.example", "bridge.example/path", "user@bridge.example", "bridge.example:port")) {
            assertThatThrownBy(() -> PluginEndpoints.checkEntry(bad))
                    .as(bad)
                    .hasMessageStartingWith("orrery.allowed-plugin-endpoints must list hosts")
                    .hasMessageContaining("got '" + bad + "'");
        }
    }

    private void check(String endpoint) {
        endpoints.check(List.of(owned(LifecycleBridgePlugin.FILENAME, endpoint)), "a test");
    }

    private static OwnedPluginSpec owned(String filename, String endpoint) {
        List<SdfElement> parameters =
                endpoint == null ? List.of() : List.of(new SdfElement("endpoint", Map.of(), endpoint, List.of()));
        return new OwnedPluginSpec(
                PluginOwner.model("robot"),
                new PluginSpec("bridge", filename, parameters, OptionalInt.empty(), false, 1));
    }
}
