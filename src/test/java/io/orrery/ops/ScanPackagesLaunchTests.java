package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The third way to bring code: a jar compiled apart from Orrery with a {@code @Component} system in the user's own
 * package and no auto-configuration, on {@code loader.path}, found because {@code orrery.scan-packages} names the
 * package (Orrery's own scan covers io.orrery only).
 */
class ScanPackagesLaunchTests {

    @Test
    void aComponentInAPackageNamedInScanPackagesRunsAtItsClassOrder() throws Exception {
        Path jar = UserJar.build("scanned-systems");
        try (LaunchedOrrery orrery =
                LaunchedOrrery.start("scanned-systems", jar, "--orrery.scan-packages=com.example.scanned")) {
            JsonNode breeze = null;
            for (JsonNode phase : orrery.call("GET", "/api/systems").get("phases")) {
                if (phase.get("phase").asText().equals("PreUpdate")) {
                    breeze = phase.get("systems").get(0);
                }
            }
            assertThat(breeze).isNotNull();
            assertThat(breeze.get("name").asText()).isEqualTo("breeze");
            assertThat(breeze.get("priority").asInt()).isEqualTo(-5);
            assertThat(breeze.get("prioritySource").asText()).isEqualTo("@Order on class Breeze");
            assertThat(breeze.get("origin").get("description").asText()).isEqualTo("Spring bean 'breeze'");

            orrery.call("POST", "/api/simulation/step?count=3");
            // The only thing acting on the box (no gravity, no contact): it moves at what Breeze set, exactly.
            assertThat(orrery.call("GET", "/api/models/box")
                            .get("velocity")
                            .get("linear")
                            .get("y")
                            .asDouble())
                    .isEqualTo(3.0);
            assertThat(orrery.output()).contains("orrery.scan-packages=com.example.scanned: 1 beans found");
        }
    }
}
