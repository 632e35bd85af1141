package io.orrery.helm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every orrery.* property the application declares (its generated configuration metadata) can be set through the
 * chart: the schema, which refuses unknown keys to catch typos, names each of them.
 */
class ChartSchemaCoverageTests {

    @Test
    void theSchemaNamesEveryOrreryProperty() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            metadata = json.readTree(in);
        }
        JsonNode orrery = json.readTree(
                        Path.of("helm/orrery/values.schema.json").toFile())
                .get("definitions")
                .get("orrery");

        List<String> missing = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        for (JsonNode property : metadata.get("properties")) {
            String name = property.get("name").asText();
            if (!name.startsWith("orrery.")) {
                continue;
            }
            declared.add(name);
            JsonNode node = orrery;
            for (String key : name.substring("orrery.".length()).split("\\.")) {
                node = node == null || node.get("properties") == null
                        ? null
                        : node.get("properties").get(key);
            }
            if (node == null) {
                missing.add(name);
            }
        }
        assertThat(declared).contains("orrery.world", "orrery.real-time-factor", "orrery.api.token");
        assertThat(missing)
                .as("orrery.* properties the chart's values.schema.json does not know")
                .isEmpty();
    }
}
