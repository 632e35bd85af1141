package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The first way to bring code, as issue 27's user did: a jar compiled apart from Orrery, with two PreUpdate lambdas
 * from {@code @Bean @Order} methods of its auto-configuration, on {@code loader.path} of Orrery's executable jar
 * started through PropertiesLauncher. The {@code @Order(-100)} system must run before the {@code @Order(100)} one.
 */
class LoaderPathLaunchTests {

    @Test
    void anAutoConfigurationOnLoaderPathBringsSystemsThatRunInTheirBeanMethodsOrder() throws Exception {
        Path jar = UserJar.build("ordered-systems");
        try (LaunchedOrrery orrery = LaunchedOrrery.start("ordered-systems", jar)) {
            List<String> preUpdate = new ArrayList<>();
            for (JsonNode phase : orrery.call("GET", "/api/systems").get("phases")) {
                if (phase.get("phase").asText().equals("PreUpdate")) {
                    phase.get("systems")
                            .forEach(s -> preUpdate.add(s.get("name").asText() + " "
                                    + s.get("priority").asInt() + " "
                                    + s.get("prioritySource").asText() + " "
                                    + s.get("origin").get("description").asText()));
                }
            }
            assertThat(preUpdate)
                    .containsExactly(
                            "early -100 @Order on @Bean method OrderedSystemsConfiguration.early() Spring bean 'early'",
                            "late 100 @Order on @Bean method OrderedSystemsConfiguration.late() Spring bean 'late'");

            // Each step both set the box's velocity, early to 1 m/s and late to 2 m/s; nothing else acts on it
            // (no gravity, no contact), so after a step it moves at what the last of them set, exactly.
            orrery.call("POST", "/api/simulation/step?count=5");
            JsonNode box = orrery.call("GET", "/api/models/box");
            assertThat(box.get("velocity").get("linear").get("x").asDouble()).isEqualTo(2.0);
            assertThat(orrery.output()).contains("runs these systems, in execution order per phase");
        }
    }
}
