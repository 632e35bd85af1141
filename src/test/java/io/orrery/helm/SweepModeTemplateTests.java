package io.orrery.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.orrery.helm.OrreryChart.Node;
import io.orrery.helm.OrreryChart.Rendered;
import io.orrery.ops.OrreryProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.io.ByteArrayResource;

/** helm template in sweep mode: one Indexed Job over the scenarios, one config file per index. */
class SweepModeTemplateTests {

    @TempDir
    Path work;

    private Node scenarioFiles(Rendered rendered) {
        return rendered.named("ConfigMap", "demo-orrery-scenarios").get("data");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> scenarioOrrery(Rendered rendered, int index) {
        String file = scenarioFiles(rendered).get("scenario-" + index + ".yaml").string();
        Map<String, Object> parsed = OrreryChart.parseYamlMap(file);
        assertThat(parsed).containsOnlyKeys("orrery");
        return (Map<String, Object>) parsed.get("orrery");
    }

    private Node podSpec(Rendered rendered) {
        return rendered.one("Job").get("spec", "template", "spec");
    }

    @Test
    void aSweepRendersAJobAndNoServerObjects() {
        Rendered rendered = OrreryChart.template(work, scenarios(List.of(Map.of("name", "only"))));

        assertThat(rendered.kinds()).containsExactlyInAnyOrder("ConfigMap", "Job");
    }

    @Test
    void theJobHasOneIndexPerScenario() {
        Node spec = OrreryChart.template(work, SweepValues.threeScenarios())
                .one("Job")
                .get("spec");

        assertThat(spec.get("completionMode").value()).isEqualTo("Indexed");
        assertThat(spec.get("completions").value()).isEqualTo(3);
        assertThat(spec.get("parallelism").value()).isEqualTo(2);
        assertThat(spec.get("backoffLimitPerIndex").value()).isEqualTo(1);
        assertThat(spec.has("maxFailedIndexes")).as("unset by default").isFalse();
        assertThat(spec.has("backoffLimit")).as("left to backoffLimitPerIndex").isFalse();
        assertThat(spec.get("template", "spec", "restartPolicy").value()).isEqualTo("Never");
    }

    @Test
    void parallelismNeverExceedsTheScenarioCount() {
        Map<String, Object> values = OrreryChart.deepMerge(
                SweepValues.threeScenarios(),
                Map.of("sweep", Map.of("parallelism", 10, "backoffLimitPerIndex", 0, "maxFailedIndexes", 2)));
        Node spec = OrreryChart.template(work, values).one("Job").get("spec");

        assertThat(spec.get("parallelism").value()).isEqualTo(3);
        assertThat(spec.get("backoffLimitPerIndex").value()).isEqualTo(0);
        assertThat(spec.get("maxFailedIndexes").value()).isEqualTo(2);
    }

    @Test
    void eachIndexLoadsItsOwnScenarioFile() {
        Rendered rendered = OrreryChart.template(work, SweepValues.threeScenarios());
        Node pod = podSpec(rendered);
        Node container = pod.get("containers").named("orrery");

        assertThat(scenarioFiles(rendered).map())
                .containsOnlyKeys("scenario-0.yaml", "scenario-1.yaml", "scenario-2.yaml");
        // Spring Boot resolves ${JOB_COMPLETION_INDEX}, which Kubernetes sets in every pod of an Indexed Job.
        assertThat(container
                        .get("env")
                        .named("SPRING_CONFIG_ADDITIONAL_LOCATION")
                        .get("value")
                        .value())
                .isEqualTo("file:/config/scenario-${JOB_COMPLETION_INDEX}.yaml");
        assertThat(container.get("volumeMounts").named("scenarios").map())
                .contains(entry("mountPath", "/config"), entry("readOnly", true));
        assertThat(pod.get("volumes")
                        .named("scenarios")
                        .get("configMap", "name")
                        .value())
                .isEqualTo("demo-orrery-scenarios");
    }

    @Test
    void aScenarioFileIsTheBaseThenSweepDefaultsThenItsOverridesThenWhatASweepNeeds() {
        Map<String, Object> values = SweepValues.threeScenarios();
        Rendered rendered = OrreryChart.template(work, values);
        @SuppressWarnings("unchecked")
        Map<String, Object> base = (Map<String, Object>)
                OrreryChart.deepMerge(OrreryChart.defaultValues(), values).get("orrery");

        Map<String, Object> expected0 = new LinkedHashMap<>(base);
        expected0.putAll(Map.of(
                "real-time-factor",
                0,
                "stop-after-steps",
                1_000_000,
                "exit-on-stop",
                true,
                "report",
                "/results/0/result.json"));
        assertThat(scenarioOrrery(rendered, 0)).isEqualTo(expected0);

        Map<String, Object> expected1 = new LinkedHashMap<>(expected0);
        // false and 0 in a scenario must override true and 1.5 in the base (sprig's merge would drop them).
        expected1.putAll(Map.of(
                "step-size",
                "2ms",
                "start-paused",
                false,
                "world",
                "/worlds/ramp.sdf",
                "report",
                "/results/1/result.json"));
        assertThat(scenarioOrrery(rendered, 1)).isEqualTo(expected1);

        Map<String, Object> expected2 = new LinkedHashMap<>(expected0);
        expected2.putAll(Map.of(
                "real-time-factor",
                1,
                "stop-at",
                "30s",
                "world",
                "/worlds/ramp.sdf",
                "triggers",
                List.of(Map.of("event", "time=10", "action", "stop")),
                "report",
                "/results/2/result.json"));
        assertThat(scenarioOrrery(rendered, 2)).isEqualTo(expected2);
    }

    @Test
    void aScenarioCannotTurnOffExitOnStopOrMoveItsReport() {
        Rendered rendered = OrreryChart.template(
                work,
                scenarios(List.of(Map.of(
                        "name",
                        "stubborn",
                        "orrery",
                        Map.of("exit-on-stop", false, "report", "/tmp/elsewhere.json", "stop-at", "1s")))));

        assertThat(scenarioOrrery(rendered, 0))
                .contains(entry("exit-on-stop", true), entry("report", "/results/0/result.json"));
    }

    @Test
    void aScenarioFileBindsToOrreryProperties() throws IOException {
        Rendered rendered = OrreryChart.template(work, SweepValues.threeScenarios());
        String file = scenarioFiles(rendered).get("scenario-1.yaml").string();

        var sources = new YamlPropertySourceLoader()
                .load("scenario-1.yaml", new ByteArrayResource(file.getBytes(StandardCharsets.UTF_8)));
        OrreryProperties properties =
                new Binder(ConfigurationPropertySources.from(sources)).bindOrCreate("orrery", OrreryProperties.class);

        assertThat(properties.worldFile()).isEqualTo(Path.of("/worlds/ramp.sdf"));
        assertThat(properties.stepSize()).isEqualTo(Duration.ofMillis(2));
        assertThat(properties.realTimeFactor()).isEqualTo(0.0);
        assertThat(properties.stopAfterSteps()).isEqualTo(1_000_000L);
        assertThat(properties.startPaused()).isFalse();
        assertThat(properties.exitOnStop()).isTrue();
        assertThat(properties.reportFile().orElseThrow()).isEqualTo(Path.of("/results/1/result.json"));
        assertThat(properties.worldsDirectory()).isEqualTo(Path.of("/worlds"));
    }

    @Test
    void retriesStopAtOutcomesARetryWouldRepeat() {
        Map<String, Object> values = OrreryChart.deepMerge(
                SweepValues.threeScenarios(), Map.of("sweep", Map.of("failIndexOnExitCodes", List.of(16, 4, 9))));
        List<Object> rules = OrreryChart.template(work, values)
                .one("Job")
                .get("spec", "podFailurePolicy", "rules")
                .list();

        assertThat(rules)
                .containsExactly(
                        Map.of("action", "Ignore", "onPodConditions", List.of(Map.of("type", "DisruptionTarget"))),
                        // Kubernetes wants the codes in ascending order.
                        Map.of(
                                "action",
                                "FailIndex",
                                "onExitCodes",
                                Map.of("containerName", "orrery", "operator", "In", "values", List.of(4, 9, 16))));
    }

    @Test
    void resultsGoToAClaimWhenGivenAndWorldsAreReadOnlyThere() {
        Map<String, Object> values = OrreryChart.deepMerge(
                SweepValues.threeScenarios(),
                Map.of(
                        "sweep", Map.of("results", Map.of("existingClaim", "sweep-results")),
                        "worlds", Map.of("existingClaim", "robot-worlds")));
        Node pod = podSpec(OrreryChart.template(work, values));
        Node mounts = pod.get("containers").named("orrery").get("volumeMounts");

        assertThat(mounts.named("results").get("mountPath").value()).isEqualTo("/results");
        assertThat(pod.get("volumes")
                        .named("results")
                        .get("persistentVolumeClaim", "claimName")
                        .value())
                .isEqualTo("sweep-results");
        assertThat(mounts.named("worlds").map()).contains(entry("mountPath", "/worlds"), entry("readOnly", true));
    }

    @Test
    void resultsGoToAnEmptyDirByDefault() {
        Node pod = podSpec(OrreryChart.template(work, SweepValues.threeScenarios()));

        assertThat(pod.get("volumes").named("results").has("emptyDir")).isTrue();
    }

    @Test
    void theSweepPodRunsRestrictedWithLabelsAndAConfigChecksum() {
        Rendered rendered = OrreryChart.template(work, SweepValues.threeScenarios());
        Node template = rendered.one("Job").get("spec", "template");
        Node container = template.get("spec", "containers").named("orrery");

        assertThat(template.get("spec", "automountServiceAccountToken").value()).isEqualTo(false);
        assertThat(container.get("securityContext").map())
                .contains(
                        entry("readOnlyRootFilesystem", true),
                        entry("allowPrivilegeEscalation", false),
                        entry("runAsUser", 10001));
        assertThat(template.get("metadata", "labels").map())
                .contains(
                        entry("app.kubernetes.io/name", "orrery"),
                        entry("app.kubernetes.io/instance", OrreryChart.RELEASE),
                        entry("app.kubernetes.io/component", "sweep"));
        assertThat(template.get("metadata", "annotations", "checksum/config").string())
                .matches("[0-9a-f]{64}");
    }

    @Test
    void aScenarioThatNeverStopsIsRefused() {
        Map<String, Object> values =
                Map.of("mode", "sweep", "sweep", Map.of("scenarios", List.of(Map.of("name", "forever"))));

        assertThatThrownBy(() -> OrreryChart.template(work, values))
                .hasMessageContaining("sweep.scenarios[0] (forever) never stops");
    }

    @Test
    void duplicateScenarioNamesAreRefused() {
        assertThatThrownBy(() -> OrreryChart.template(
                        work,
                        scenarios(List.of(Map.of("name", "twin"), Map.of("name", "other"), Map.of("name", "twin")))))
                .hasMessageContaining("sweep.scenarios[2]")
                .hasMessageContaining("\"twin\" is already used by sweep.scenarios[0]");
    }

    @Test
    void aScenarioWithABadOverrideIsRefusedByTheSchema() {
        assertThatThrownBy(() -> OrreryChart.template(
                        work, scenarios(List.of(Map.of("name", "bad", "orrery", Map.of("real-time-factor", -2))))))
                .hasMessageContaining("schema")
                .hasMessageContaining("/sweep/scenarios/0/orrery/real-time-factor");
    }

    /** A sweep over the given scenarios that all stop after 100 steps. */
    private static Map<String, Object> scenarios(List<Map<String, Object>> scenarios) {
        return Map.of(
                "mode", "sweep", "orrery", Map.of("stop-after-steps", 100), "sweep", Map.of("scenarios", scenarios));
    }
}
