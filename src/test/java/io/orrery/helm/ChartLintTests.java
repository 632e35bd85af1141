package io.orrery.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.LintResult;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** helm lint --strict on the chart, and the values schema refusing bad values. */
class ChartLintTests {

    @TempDir
    Path work;

    @Test
    void defaultValuesPassStrictLint() {
        LintResult result = OrreryChart.lint(work, Map.of());

        assertThat(result.isFailed()).as("%s", result.getMessages()).isFalse();
        assertThat(result.getMessages()).noneMatch(m -> m.startsWith("[ERROR]") || m.startsWith("[WARNING]"));
    }

    @Test
    void sweepValuesPassStrictLint() {
        LintResult result = OrreryChart.lint(work, SweepValues.threeScenarios());

        assertThat(result.isFailed()).as("%s", result.getMessages()).isFalse();
        assertThat(result.getMessages()).noneMatch(m -> m.startsWith("[ERROR]") || m.startsWith("[WARNING]"));
    }

    @Test
    void lintRefusesANegativeRealTimeFactorByTheSchema() {
        LintResult result = OrreryChart.lint(work, Map.of("orrery", Map.of("real-time-factor", -1)));

        assertThat(result.isFailed()).isTrue();
        assertThat(String.join("\n", result.getMessages())).contains("schema").contains("real-time-factor");
    }

    @Test
    void templateRefusesANegativeRealTimeFactorByTheSchema() {
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("orrery", Map.of("real-time-factor", -0.5))))
                .hasMessageContaining("schema")
                .hasMessageContaining("real-time-factor");
    }

    @Test
    void templateRefusesANumericStepSize() {
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("orrery", Map.of("step-size", 5))))
                .hasMessageContaining("schema")
                .hasMessageContaining("step-size");
    }

    @Test
    void templateRefusesAStepSizeSpringCannotRead() {
        // Spring's simple duration style takes whole numbers only: 1.5ms would fail at startup.
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("orrery", Map.of("step-size", "1.5ms"))))
                .hasMessageContaining("schema")
                .hasMessageContaining("step-size");
    }

    @Test
    void templateRefusesATypoInAnOrreryKey() {
        // Spring would ignore realTimeFactor2 silently; the schema names it instead.
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("orrery", Map.of("realTimeFactor2", 1))))
                .hasMessageContaining("schema")
                .hasMessageContaining("realTimeFactor2");
    }

    @Test
    void templateRefusesAnUnknownMode() {
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("mode", "batch")))
                .hasMessageContaining("schema")
                .hasMessageContaining("mode");
    }

    @Test
    void templateRefusesASweepWithoutScenarios() {
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("mode", "sweep")))
                .hasMessageContaining("scenarios");
    }
}
