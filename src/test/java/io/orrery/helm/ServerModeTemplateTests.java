package io.orrery.helm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.orrery.helm.OrreryChart.Node;
import io.orrery.helm.OrreryChart.Rendered;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** helm template in server mode: the objects a long-lived interactive Orrery runs as. */
class ServerModeTemplateTests {

    private static final Map<String, Object> SELECTOR =
            Map.of("app.kubernetes.io/name", "orrery", "app.kubernetes.io/instance", OrreryChart.RELEASE);

    @TempDir
    Path work;

    private Node container(Rendered rendered) {
        return rendered.one("Deployment")
                .get("spec", "template", "spec", "containers")
                .named("orrery");
    }

    private String configChecksum(Map<String, Object> values) {
        return OrreryChart.template(work, values)
                .one("Deployment")
                .get("spec", "template", "metadata", "annotations", "checksum/config")
                .string();
    }

    @Test
    void defaultsRenderOnlyTheServerObjects() {
        Rendered rendered = OrreryChart.template(work, Map.of());

        assertThat(rendered.kinds()).containsExactlyInAnyOrder("ConfigMap", "Service", "Deployment");
    }

    @Test
    void theDeploymentRunsExactlyOneReplicaRecreatedOnChange() {
        Node spec = OrreryChart.template(work, Map.of()).one("Deployment").get("spec");

        assertThat(spec.get("replicas").value()).isEqualTo(1);
        assertThat(spec.get("strategy", "type").value()).isEqualTo("Recreate");
    }

    @Test
    void probesUseTheActuatorHealthGroupsOnTheHttpPort() {
        Node container = container(OrreryChart.template(work, Map.of()));

        assertThat(container.get("ports").named("http").map())
                .contains(entry("containerPort", 8080), entry("protocol", "TCP"));
        assertThat(container.get("startupProbe", "httpGet").map())
                .containsExactly(entry("path", "/actuator/health/liveness"), entry("port", "http"));
        assertThat(container.get("livenessProbe", "httpGet").map())
                .containsExactly(entry("path", "/actuator/health/liveness"), entry("port", "http"));
        assertThat(container.get("readinessProbe", "httpGet").map())
                .containsExactly(entry("path", "/actuator/health/readiness"), entry("port", "http"));
        assertThat(container.get("env").named("SERVER_PORT").get("value").value())
                .isEqualTo("8080");
        assertThat(container
                        .get("env")
                        .named("MANAGEMENT_ENDPOINT_HEALTH_PROBES_ENABLED")
                        .get("value")
                        .value())
                .isEqualTo("true");
    }

    @Test
    void theServiceFrontsTheHttpPort() {
        Node service = OrreryChart.template(work, Map.of()).one("Service");

        assertThat(service.get("spec", "ports").list()).hasSize(1);
        assertThat(service.get("spec", "ports").named("http").map())
                .contains(entry("port", 8080), entry("targetPort", "http"));
    }

    @Test
    void aSeparateManagementPortCarriesTheProbesAndTheScrape() {
        Rendered rendered = OrreryChart.template(
                work,
                Map.of(
                        "management", Map.of("separatePort", true, "port", 9090),
                        "serviceMonitor", Map.of("enabled", true)));
        Node container = container(rendered);

        assertThat(container
                        .get("ports")
                        .named("management")
                        .get("containerPort")
                        .value())
                .isEqualTo(9090);
        assertThat(container
                        .get("env")
                        .named("MANAGEMENT_SERVER_PORT")
                        .get("value")
                        .value())
                .isEqualTo("9090");
        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            assertThat(container.get(probe, "httpGet", "port").value())
                    .as(probe)
                    .isEqualTo("management");
        }
        assertThat(rendered.one("Service")
                        .get("spec", "ports")
                        .named("management")
                        .map())
                .contains(entry("port", 9090), entry("targetPort", "management"));
        Node endpoint = rendered.one("ServiceMonitor").get("spec", "endpoints", 0);
        assertThat(endpoint.map()).contains(entry("port", "management"), entry("path", "/actuator/prometheus"));
    }

    @Test
    void theJvmStartsInAotModeUnlessTheActuatorHasAPortOfItsOwn() {
        String defaults = container(OrreryChart.template(work, Map.of()))
                .get("env")
                .named("JAVA_TOOL_OPTIONS")
                .get("value")
                .string();
        String separate = container(
                        OrreryChart.template(work, Map.of("management", Map.of("separatePort", true, "port", 9090))))
                .get("env")
                .named("JAVA_TOOL_OPTIONS")
                .get("value")
                .string();
        String off = container(OrreryChart.template(work, Map.of("aot", false)))
                .get("env")
                .named("JAVA_TOOL_OPTIONS")
                .get("value")
                .string();
        String onlyAot = container(OrreryChart.template(work, Map.of("javaOpts", "")))
                .get("env")
                .named("JAVA_TOOL_OPTIONS")
                .get("value")
                .string();

        assertThat(defaults).isEqualTo(OrreryChart.defaultValues().get("javaOpts") + " -Dspring.aot.enabled=true");
        assertThat(separate).isEqualTo(OrreryChart.defaultValues().get("javaOpts"));
        assertThat(off).isEqualTo(OrreryChart.defaultValues().get("javaOpts"));
        assertThat(onlyAot).isEqualTo("-Dspring.aot.enabled=true");
    }

    @Test
    void gzTransportIsOffByDefaultAndOnWithRelaysAndAPartitionWhenAsked() {
        Node defaults = container(OrreryChart.template(work, Map.of())).get("env");
        Node on = container(OrreryChart.template(
                        work,
                        Map.of(
                                "gzTransport",
                                Map.of(
                                        "enabled",
                                        true,
                                        "relays",
                                        java.util.List.of("10.1.2.3", "10.1.2.4"),
                                        "partition",
                                        "sim"))))
                .get("env");

        assertThat(defaults.named("ORRERY_TRANSPORT_ENABLED").get("value").string())
                .isEqualTo("false");
        assertThat(on.named("ORRERY_TRANSPORT_ENABLED").get("value").string()).isEqualTo("true");
        assertThat(on.named("GZ_RELAY").get("value").string()).isEqualTo("10.1.2.3:10.1.2.4");
        assertThat(on.named("GZ_PARTITION").get("value").string()).isEqualTo("sim");
        // Orrery keeps gz-transport on loopback by default; in a pod, peers outside it reach the pod's IP
        assertThat(on.named("GZ_IP").get("valueFrom", "fieldRef", "fieldPath").string())
                .isEqualTo("status.podIP");
    }

    @Test
    void extraJarsFromAnImageAreCopiedByAnInitContainerOntoTheClassPathAndTheJvmLeavesAotMode() {
        Rendered rendered = OrreryChart.template(
                work, Map.of("extraJars", Map.of("image", "registry.example.com/robotics/wind-systems:1.0")));
        Node pod = rendered.one("Deployment").get("spec", "template", "spec");
        Node init = pod.get("initContainers").named("extra-jars");
        Node container = container(rendered);

        assertThat(init.get("image").string()).isEqualTo("registry.example.com/robotics/wind-systems:1.0");
        assertThat(init.get("command").value())
                .isEqualTo(List.of("sh", "-c", "cp -v \"$0\"/*.jar /app/extra/", "/jars"));
        assertThat(init.get("securityContext", "runAsNonRoot").value()).isEqualTo(true);
        assertThat(init.get("volumeMounts").named("extra-jars").get("mountPath").string())
                .isEqualTo("/app/extra");
        // The image's entrypoint puts /app/extra/* on the class path (see the Dockerfile).
        assertThat(container.get("volumeMounts").named("extra-jars").map())
                .contains(entry("mountPath", "/app/extra"), entry("readOnly", true));
        assertThat(pod.get("volumes").named("extra-jars").map()).containsEntry("emptyDir", Map.of());
        // AOT fixed the beans at build time: the user's auto-configurations would not be read.
        assertThat(container.get("env").named("JAVA_TOOL_OPTIONS").get("value").string())
                .isEqualTo(OrreryChart.defaultValues().get("javaOpts"));
    }

    @Test
    void extraJarsFromAClaimAreMountedReadOnlyWithoutAnInitContainer() {
        Rendered rendered = OrreryChart.template(work, Map.of("extraJars", Map.of("existingClaim", "wind-jars")));
        Node pod = rendered.one("Deployment").get("spec", "template", "spec");

        assertThat(pod.map()).doesNotContainKey("initContainers");
        assertThat(pod.get("volumes")
                        .named("extra-jars")
                        .get("persistentVolumeClaim")
                        .map())
                .containsExactly(entry("claimName", "wind-jars"), entry("readOnly", true));
        assertThat(container(rendered)
                        .get("volumeMounts")
                        .named("extra-jars")
                        .get("readOnly")
                        .value())
                .isEqualTo(true);
        assertThat(container(rendered)
                        .get("env")
                        .named("JAVA_TOOL_OPTIONS")
                        .get("value")
                        .string())
                .doesNotContain("spring.aot.enabled");
    }

    @Test
    void extraJarsFromBothAnImageAndAClaimAreRefused() {
        assertThatThrownBy(() -> OrreryChart.template(
                        work, Map.of("extraJars", Map.of("image", "jars:1", "existingClaim", "wind-jars"))))
                .hasMessageContaining("extraJars: give image or existingClaim, not both");
    }

    @Test
    void withoutExtraJarsThePodHasNoneOfTheirParts() {
        Node pod = OrreryChart.template(work, Map.of()).one("Deployment").get("spec", "template", "spec");

        assertThat(pod.map()).doesNotContainKey("initContainers");
        assertThat(pod.get("volumes").list()).noneMatch(v -> "extra-jars".equals(((Map<?, ?>) v).get("name")));
    }

    @Test
    void theConfigMapHoldsTheValuesOrreryBlockAsApplicationYaml() {
        Rendered rendered = OrreryChart.template(work, Map.of());
        String applicationYaml =
                rendered.one("ConfigMap").get("data", "application.yaml").string();

        assertThat(OrreryChart.parseYamlMap(applicationYaml))
                .isEqualTo(Map.of("orrery", OrreryChart.defaultValues().get("orrery")));
    }

    @Test
    void theConfigMapCarriesOverriddenValuesWithTheirTypes() {
        Map<String, Object> values = Map.of(
                "orrery",
                Map.of(
                        "real-time-factor",
                        2.5,
                        "step-size",
                        "2ms",
                        "stop-after-steps",
                        1_000_000,
                        "start-paused",
                        true,
                        "triggers",
                        List.of(Map.of("event", "time=10", "action", "stop", "label", "end", "sticky", false))));
        Rendered rendered = OrreryChart.template(work, values);
        String applicationYaml =
                rendered.one("ConfigMap").get("data", "application.yaml").string();

        // Numbers stay numbers: 1000000 must not come out as 1e+06, which Spring cannot bind to a long.
        assertThat(OrreryChart.parseYamlMap(applicationYaml))
                .isEqualTo(Map.of(
                        "orrery",
                        OrreryChart.deepMerge(OrreryChart.defaultValues(), values)
                                .get("orrery")));
    }

    @Test
    void theVectorModesWorldsReachTheApplicationYamlAndOutOfRangeCountsAreRefused() {
        Map<String, Object> worlds = Map.of("count", 64, "task", "worlds/cartpole.task.yaml", "threads", 2);
        Map<String, Object> values = Map.of("orrery", Map.of("world", "worlds/cartpole.sdf", "worlds", worlds));
        String applicationYaml = OrreryChart.template(work, values)
                .one("ConfigMap")
                .get("data", "application.yaml")
                .string();

        // One pod hosts the 64 worlds: WorldsProperties binds orrery.worlds.* from this file.
        Map<?, ?> orrery = (Map<?, ?>) OrreryChart.parseYamlMap(applicationYaml).get("orrery");
        assertThat(orrery.get("worlds")).isEqualTo(worlds);
        assertThat(orrery.get("world")).isEqualTo("worlds/cartpole.sdf");
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("orrery", Map.of("worlds", Map.of("count", -1)))))
                .hasMessageContaining("count");
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("orrery", Map.of("worlds", Map.of("cont", 8)))))
                .hasMessageContaining("cont");
    }

    @Test
    void podsOfBatchedWorldsScaleOutBehindAHeadlessService() {
        Rendered rendered = OrreryChart.template(
                work, Map.of("vectorReplicas", 3, "orrery", Map.of("worlds", Map.of("count", 64))));
        Node deployment = rendered.one("Deployment");
        assertThat(deployment.get("spec", "replicas").value()).isEqualTo(3);
        String name = deployment.get("metadata", "name").string();
        Node headless = rendered.named("Service", name + "-worlds");
        assertThat(headless.get("spec", "clusterIP").value()).isEqualTo("None");
        assertThat(headless.get("spec", "selector").map()).isEqualTo(SELECTOR);

        assertThat(OrreryChart.template(work, Map.of()).all("Service"))
                .as("no headless Service without batched worlds")
                .hasSize(1);
        assertThatThrownBy(() -> OrreryChart.template(work, Map.of("vectorReplicas", 2)))
                .hasMessageContaining("vectorReplicas: more than one pod needs orrery.worlds.count > 0");
    }

    @Test
    void springBootFindsTheConfigMapInConfig() {
        Rendered rendered = OrreryChart.template(work, Map.of());
        Node pod = rendered.one("Deployment").get("spec", "template", "spec");
        Node container = container(rendered);

        assertThat(container
                        .get("env")
                        .named("SPRING_CONFIG_ADDITIONAL_LOCATION")
                        .get("value")
                        .value())
                .isEqualTo("file:/config/");
        assertThat(container.get("volumeMounts").named("config").map())
                .contains(entry("mountPath", "/config"), entry("readOnly", true));
        assertThat(pod.get("volumes").named("config").get("configMap", "name").value())
                .isEqualTo(rendered.one("ConfigMap").get("metadata", "name").value());
    }

    @Test
    void theConfigChecksumFollowsTheConfigAndNothingElse() {
        String defaults = configChecksum(Map.of());

        assertThat(defaults).matches("[0-9a-f]{64}");
        assertThat(configChecksum(Map.of())).isEqualTo(defaults);
        assertThat(configChecksum(Map.of("resources", Map.of("requests", Map.of("cpu", "2")))))
                .as("a change outside the configuration")
                .isEqualTo(defaults);
        assertThat(configChecksum(Map.of("orrery", Map.of("real-time-factor", 2.0))))
                .as("a changed real-time factor")
                .isNotEqualTo(defaults);
        assertThat(configChecksum(Map.of("orrery", Map.of("start-paused", true))))
                .as("a changed start-paused")
                .isNotEqualTo(defaults);
    }

    @Test
    void thePodRunsRestricted() {
        Rendered rendered = OrreryChart.template(work, Map.of());
        Node pod = rendered.one("Deployment").get("spec", "template", "spec");
        Node container = container(rendered);

        assertThat(pod.get("automountServiceAccountToken").value()).isEqualTo(false);
        assertThat(pod.get("securityContext").map())
                .contains(
                        entry("runAsNonRoot", true),
                        entry("runAsUser", 10001),
                        entry("seccompProfile", Map.of("type", "RuntimeDefault")));
        assertThat(container.get("securityContext").map())
                .contains(
                        entry("runAsNonRoot", true),
                        entry("runAsUser", 10001),
                        entry("allowPrivilegeEscalation", false),
                        entry("readOnlyRootFilesystem", true),
                        entry("capabilities", Map.of("drop", List.of("ALL"))),
                        entry("seccompProfile", Map.of("type", "RuntimeDefault")));
        // A read-only root needs a writable /tmp (Tomcat's work directory).
        assertThat(container.get("volumeMounts").named("tmp").get("mountPath").value())
                .isEqualTo("/tmp");
        assertThat(pod.get("volumes").named("tmp").has("emptyDir")).isTrue();
        // Longer than spring.lifecycle.timeout-per-shutdown-phase (30 s).
        assertThat((Integer) pod.get("terminationGracePeriodSeconds").value()).isGreaterThan(30);
    }

    @Test
    void everyObjectHasTheRecommendedLabelsAndSelectorsUseOnlyNameAndInstance() {
        Rendered rendered = OrreryChart.template(
                work,
                Map.of(
                        "ingress", Map.of("enabled", true),
                        "serviceMonitor", Map.of("enabled", true),
                        "networkPolicy", Map.of("enabled", true),
                        "podDisruptionBudget", Map.of("enabled", true),
                        "worlds", Map.of("inline", Map.of("a.sdf", "<sdf version='1.9'/>"))));

        assertThat(rendered.kinds())
                .containsExactlyInAnyOrder(
                        "ConfigMap",
                        "ConfigMap",
                        "Service",
                        "Deployment",
                        "Ingress",
                        "ServiceMonitor",
                        "NetworkPolicy",
                        "PodDisruptionBudget");
        for (Map<String, Object> object : rendered.objects()) {
            assertThat(new Node(object, (String) object.get("kind"))
                            .get("metadata", "labels")
                            .map())
                    .as("labels of %s", object.get("kind"))
                    .contains(
                            entry("app.kubernetes.io/name", "orrery"),
                            entry("app.kubernetes.io/instance", OrreryChart.RELEASE),
                            entry("app.kubernetes.io/version", "0.1.0"),
                            entry("app.kubernetes.io/managed-by", "Helm"),
                            entry("helm.sh/chart", "orrery-0.1.0"));
        }
        Node deployment = rendered.one("Deployment");
        assertThat(deployment.get("spec", "selector", "matchLabels").map()).isEqualTo(SELECTOR);
        assertThat(deployment.get("spec", "template", "metadata", "labels").map())
                .containsAllEntriesOf(SELECTOR);
        assertThat(rendered.one("Service").get("spec", "selector").map()).isEqualTo(SELECTOR);
        assertThat(rendered.one("ServiceMonitor")
                        .get("spec", "selector", "matchLabels")
                        .map())
                .isEqualTo(SELECTOR);
        assertThat(rendered.one("NetworkPolicy")
                        .get("spec", "podSelector", "matchLabels")
                        .map())
                .isEqualTo(SELECTOR);
        assertThat(rendered.one("PodDisruptionBudget")
                        .get("spec", "selector", "matchLabels")
                        .map())
                .isEqualTo(SELECTOR);
    }

    @Test
    void inlineWorldsAreMountedFileByFileIntoAWritableWorldsDirectory() {
        String sdf = "<sdf version='1.9'><world name='ramp'/></sdf>";
        Rendered rendered = OrreryChart.template(work, Map.of("worlds", Map.of("inline", Map.of("ramp.sdf", sdf))));
        Node pod = rendered.one("Deployment").get("spec", "template", "spec");
        Node mounts = container(rendered).get("volumeMounts");

        assertThat(rendered.named("ConfigMap", "demo-orrery-worlds")
                        .get("data", "ramp.sdf")
                        .value())
                .isEqualTo(sdf + "\n");
        assertThat(mounts.list())
                .contains(Map.of(
                        "name",
                        "inline-worlds",
                        "mountPath",
                        "/worlds/ramp.sdf",
                        "subPath",
                        "ramp.sdf",
                        "readOnly",
                        true));
        assertThat(mounts.named("worlds").map())
                .containsExactly(entry("name", "worlds"), entry("mountPath", "/worlds"));
        assertThat(pod.get("volumes").named("worlds").has("emptyDir")).isTrue();
        assertThat(pod.get("volumes")
                        .named("inline-worlds")
                        .get("configMap", "name")
                        .value())
                .isEqualTo("demo-orrery-worlds");
    }

    @Test
    void anExistingClaimBecomesTheWorldsDirectory() {
        Rendered rendered = OrreryChart.template(
                work,
                Map.of(
                        "worlds", Map.of("existingClaim", "robot-worlds"),
                        "orrery", Map.of("worlds-dir", "shared-worlds")));
        Node pod = rendered.one("Deployment").get("spec", "template", "spec");

        assertThat(pod.get("volumes")
                        .named("worlds")
                        .get("persistentVolumeClaim", "claimName")
                        .value())
                .isEqualTo("robot-worlds");
        // A relative worlds-dir is taken from the image's working directory.
        assertThat(container(rendered)
                        .get("volumeMounts")
                        .named("worlds")
                        .get("mountPath")
                        .value())
                .isEqualTo("/app/shared-worlds");
    }

    @Test
    void theNetworkPolicyAdmitsOnlyTheHttpPortFromTheChosenNamespaces() {
        Map<String, Object> ingressNamespace = Map.of("kubernetes.io/metadata.name", "ingress-nginx");
        Node policy = OrreryChart.template(
                        work,
                        Map.of("networkPolicy", Map.of("enabled", true, "fromNamespaces", List.of(ingressNamespace))))
                .one("NetworkPolicy");

        assertThat(policy.get("spec", "policyTypes").list()).containsExactly("Ingress");
        assertThat(policy.get("spec", "ingress").list())
                .containsExactly(Map.of(
                        "ports", List.of(Map.of("port", "http", "protocol", "TCP")),
                        "from", List.of(Map.of("namespaceSelector", Map.of("matchLabels", ingressNamespace)))));
    }

    @Test
    void aNetworkPolicyWithoutNamespacesAdmitsNoOne() {
        Node policy = OrreryChart.template(work, Map.of("networkPolicy", Map.of("enabled", true)))
                .one("NetworkPolicy");

        // An empty rule list denies all; a rule with an empty "from" would admit everyone.
        assertThat(policy.get("spec", "ingress").list()).isEmpty();
    }

    @Test
    void theIngressRoutesToTheHttpPortOfTheService() {
        Node rule = OrreryChart.template(work, Map.of("ingress", Map.of("enabled", true, "className", "nginx")))
                .one("Ingress")
                .get("spec", "rules", 0);

        assertThat(rule.get("host").value()).isEqualTo("orrery.local");
        assertThat(rule.get("http", "paths", 0, "backend", "service").map())
                .isEqualTo(Map.of("name", "demo-orrery", "port", Map.of("name", "http")));
    }
}
