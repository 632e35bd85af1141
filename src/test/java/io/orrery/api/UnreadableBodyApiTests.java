package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A body that is not JSON, or JSON of the wrong shape, is answered with where the problem is (line and column, or
 * the field) and what it is, not Spring's "Failed to read request".
 */
class UnreadableBodyApiTests extends ApiTestSupport {

    @Test
    void malformedJsonNamesTheLineTheColumnAndWhatWasFound() {
        Response r = postJson("/api/triggers", "{\"event\": \"start\",\n  \"action\": pause}");

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        String detail = r.json().get("detail").asText();
        assertThat(detail)
                .doesNotContain("Failed to read request")
                .contains("line 2, column 13")
                .containsIgnoringCase("unrecognized token 'pause'");
        assertThat(r.json().get("line").asInt()).isEqualTo(2);
        assertThat(r.json().get("column").asInt()).isEqualTo(13);
    }

    @Test
    void aValueOfTheWrongKindNamesTheField() {
        Response r = postJson("/api/triggers", "{\"event\": \"start\", \"action\": \"pause\", \"sticky\": [1]}");

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText())
                .doesNotContain("Failed to read request")
                .contains("'sticky'");
    }

    @Test
    void anEmptyBodySaysSo() {
        Response r = postJson("/api/triggers", "");

        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("detail").asText()).contains("no body");
    }
}
