package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every {@code orrery.*} property is described in the configuration metadata the build generates (from the
 * properties records' Javadoc, merged with additional-spring-configuration-metadata.json), so IDEs and users
 * see what each one does.
 */
class ConfigurationMetadataTests {

    @Test
    void everyOrreryPropertyHasADescription() throws Exception {
        Map<String, String> descriptions = new LinkedHashMap<>();
        for (URL url : Collections.list(
                getClass().getClassLoader().getResources("META-INF/spring-configuration-metadata.json"))) {
            try (InputStream in = url.openStream()) {
                for (JsonNode property : new ObjectMapper().readTree(in).path("properties")) {
                    String name = property.get("name").asText();
                    if (name.startsWith("orrery.")) {
                        descriptions.put(name, property.path("description").asText(""));
                    }
                }
            }
        }

        assertThat(descriptions)
                .containsKeys(
                        "orrery.world",
                        "orrery.real-time-factor",
                        "orrery.watchdog-timeout",
                        "orrery.plugin-start-timeout");
        assertThat(descriptions)
                .allSatisfy((name, description) -> assertThat(description)
                        .as("the description of %s", name)
                        .isNotBlank());
    }
}
