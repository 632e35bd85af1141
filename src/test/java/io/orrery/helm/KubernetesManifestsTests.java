package io.orrery.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.orrery.helm.OrreryChart.Rendered;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rendered manifests bind to the Kubernetes API model with unknown fields refused, so a misspelt or
 * misplaced field fails here instead of being dropped by the API server.
 */
class KubernetesManifestsTests {

    private static final Map<String, Class<? extends HasMetadata>> TYPES = Map.of(
            "ConfigMap", ConfigMap.class,
            "Service", Service.class,
            "Deployment", Deployment.class,
            "Job", Job.class,
            "Ingress", Ingress.class,
            "NetworkPolicy", NetworkPolicy.class,
            "PodDisruptionBudget", PodDisruptionBudget.class);

    /** The fields of a ServiceMonitor endpoint the chart may use, from monitoring.coreos.com/v1. */
    private static final Set<String> SERVICE_MONITOR_ENDPOINT_FIELDS =
            Set.of("port", "path", "interval", "scrapeTimeout", "scheme");

    /**
     * Jackson with FAIL_ON_UNKNOWN_PROPERTIES, and without the model's any-setters: fabric8 would otherwise
     * keep an unknown field in additionalProperties instead of refusing it.
     */
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(
                    new SimpleModule("refuse-unknown-fields").setDeserializerModifier(new BeanDeserializerModifier() {
                        @Override
                        public BeanDeserializerBuilder updateBuilder(
                                DeserializationConfig config,
                                BeanDescription description,
                                BeanDeserializerBuilder builder) {
                            builder.setAnySetter(null);
                            return builder;
                        }
                    }));

    @TempDir
    Path work;

    private static HasMetadata bind(Map<String, Object> object) {
        String kind = (String) object.get("kind");
        Class<? extends HasMetadata> type = TYPES.get(kind);
        assertThat(type).as("a model type for %s", kind).isNotNull();
        HasMetadata bound = STRICT.convertValue(object, type);
        assertThat(bound.getApiVersion()).as("apiVersion of %s", kind).isEqualTo(HasMetadata.getApiVersion(type));
        return bound;
    }

    private static void bindAll(Rendered rendered) {
        for (Map<String, Object> object : rendered.objects()) {
            if ("ServiceMonitor".equals(object.get("kind"))) {
                checkServiceMonitor(object);
            } else {
                bind(object);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void checkServiceMonitor(Map<String, Object> object) {
        // A CRD: no model here, so its shape is checked as a map.
        assertThat(object).containsOnlyKeys("apiVersion", "kind", "metadata", "spec");
        assertThat(object.get("apiVersion")).isEqualTo("monitoring.coreos.com/v1");
        Map<String, Object> spec = (Map<String, Object>) object.get("spec");
        assertThat(spec).containsOnlyKeys("selector", "namespaceSelector", "endpoints");
        for (Map<String, Object> endpoint : (List<Map<String, Object>>) spec.get("endpoints")) {
            assertThat(SERVICE_MONITOR_ENDPOINT_FIELDS).containsAll(endpoint.keySet());
        }
    }

    @Test
    void theStrictMapperRefusesAnUnknownField() {
        Map<String, Object> misspelt = Map.of(
                "apiVersion",
                "apps/v1",
                "kind",
                "Deployment",
                "metadata",
                Map.of("name", "x"),
                "spec",
                Map.of("replica", 1));

        assertThatThrownBy(() -> STRICT.convertValue(misspelt, Deployment.class))
                .hasMessageContaining("replica");
    }

    @Test
    void theStrictMapperRefusesAnUnknownFieldDeepInAPodTemplate() {
        Map<String, Object> misplaced = Map.of(
                "apiVersion",
                "batch/v1",
                "kind",
                "Job",
                "metadata",
                Map.of("name", "x"),
                "spec",
                Map.of(
                        "template",
                        Map.of(
                                "spec",
                                Map.of(
                                        "containers",
                                        List.of(Map.of(
                                                "name",
                                                "orrery",
                                                "image",
                                                "orrery",
                                                "startupProbe",
                                                Map.of("path", "/actuator/health")))))));

        assertThatThrownBy(() -> STRICT.convertValue(misplaced, Job.class)).hasMessageContaining("path");
    }

    @Test
    void everyServerObjectBindsWithEveryOptionOn() {
        Rendered rendered = OrreryChart.template(
                work,
                Map.ofEntries(
                        Map.entry("management", Map.of("separatePort", true)),
                        Map.entry(
                                "ingress",
                                Map.of(
                                        "enabled",
                                        true,
                                        "className",
                                        "nginx",
                                        "tls",
                                        List.of(Map.of("secretName", "orrery-tls", "hosts", List.of("orrery.local"))))),
                        Map.entry("serviceMonitor", Map.of("enabled", true, "labels", Map.of("release", "prometheus"))),
                        Map.entry(
                                "networkPolicy",
                                Map.of(
                                        "enabled",
                                        true,
                                        "fromNamespaces",
                                        List.of(Map.of("kubernetes.io/metadata.name", "ingress-nginx")),
                                        "managementFromNamespaces",
                                        List.of(Map.of("kubernetes.io/metadata.name", "monitoring")))),
                        Map.entry("podDisruptionBudget", Map.of("enabled", true)),
                        Map.entry(
                                "worlds",
                                Map.of(
                                        "inline",
                                        Map.of("ramp.sdf", "<sdf version='1.9'/>"),
                                        "existingClaim",
                                        "worlds")),
                        Map.entry("imagePullSecrets", List.of(Map.of("name", "regcred"))),
                        Map.entry("extraEnv", List.of(Map.of("name", "LOGGING_LEVEL_IO_ORRERY", "value", "debug"))),
                        Map.entry("podAnnotations", Map.of("example.com/team", "robotics")),
                        Map.entry("nodeSelector", Map.of("kubernetes.io/arch", "amd64")),
                        Map.entry(
                                "tolerations",
                                List.of(Map.of("key", "sim", "operator", "Exists", "effect", "NoSchedule"))),
                        Map.entry("serviceAccountName", "orrery")));

        assertThat(rendered.kinds())
                .contains(
                        "Deployment",
                        "Service",
                        "Ingress",
                        "ServiceMonitor",
                        "NetworkPolicy",
                        "PodDisruptionBudget",
                        "ConfigMap");
        bindAll(rendered);
        Deployment deployment = (Deployment) bind(rendered.one("Deployment").map());
        assertThat(deployment
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getReadinessProbe()
                        .getHttpGet()
                        .getPort()
                        .getStrVal())
                .isEqualTo("management");
        NetworkPolicy policy =
                (NetworkPolicy) bind(rendered.one("NetworkPolicy").map());
        assertThat(policy.getSpec().getIngress()).hasSize(2);
    }

    @Test
    void everySweepObjectBindsWithEveryOptionOn() {
        Map<String, Object> values = OrreryChart.deepMerge(
                SweepValues.threeScenarios(),
                Map.of(
                        "sweep",
                                Map.of(
                                        "maxFailedIndexes",
                                        1,
                                        "activeDeadlineSeconds",
                                        3600,
                                        "ttlSecondsAfterFinished",
                                        600,
                                        "results",
                                        Map.of("existingClaim", "results")),
                        "networkPolicy", Map.of("enabled", true)));
        Rendered rendered = OrreryChart.template(work, values);

        bindAll(rendered);
        Job job = (Job) bind(rendered.one("Job").map());
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getCompletions()).isEqualTo(3);
        assertThat(job.getSpec().getPodFailurePolicy().getRules()).hasSize(2);
    }
}
