package io.orrery.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.runner.port.RunReads;
import io.orrery.runner.port.SavedWorld;
import io.orrery.world.ModelSnapshot;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthComponent;
import org.springframework.boot.actuate.health.HealthEndpoint;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/** What the dashboard page reads besides the HTTP API: the scene's shapes and the compact pose stream. */
@RestController
class DashboardController {

    private static final int SCENE_ATTEMPTS = 3;

    private final WorldFiles files;
    private final RunReads reads;
    private final PoseStream poses;
    private final ObjectProvider<HealthEndpoint> health;
    private final RequestMappingHandlerMapping mappings;
    private final ObjectMapper mapper;
    private final int maxPoseClients;

    DashboardController(
            WorldFiles files,
            Worlds worlds,
            PoseStream poses,
            ObjectProvider<HealthEndpoint> health,
            RequestMappingHandlerMapping requestMappingHandlerMapping,
            ObjectMapper mapper,
            DashboardProperties properties) {
        this.mapper = mapper;
        this.maxPoseClients = properties.maxPoseClients();
        this.files = files;
        this.reads = worlds.get(WorldId.DEFAULT).reads();
        this.poses = poses;
        this.health = health;
        this.mappings = requestMappingHandlerMapping;
    }

    /**
     * The liveness and readiness probes' status as Kubernetes sees them, always with 200: the page shows a probe
     * that is down, it does not fail to load it.
     */
    @GetMapping("/dashboard/probes")
    Map<String, String> probes() {
        HealthEndpoint endpoint = health.getIfAvailable();
        return Map.of("liveness", probe(endpoint, "liveness"), "readiness", probe(endpoint, "readiness"));
    }

    private static String probe(HealthEndpoint endpoint, String group) {
        HealthComponent h = endpoint == null ? null : endpoint.healthForPath(group);
        return h == null ? "UNKNOWN" : h.getStatus().getCode();
    }

    /** Which optional parts of the API this server has, so the page hides panels instead of requesting a 404. */
    @GetMapping("/dashboard/features")
    Map<String, Boolean> features() {
        boolean topics = mappings.getHandlerMethods().keySet().stream()
                .anyMatch(info -> info.getPatternValues().contains("/api/topics"));
        return Map.of("topics", topics);
    }

    /** Every link with its collision shapes, indexed as the pose stream indexes them. */
    @GetMapping("/dashboard/scene")
    Scene scene() {
        Scene scene = null;
        // a model spawned between the two reads has no spec yet: read again
        for (int attempt = 0; attempt < SCENE_ATTEMPTS; attempt++) {
            SavedWorld saved = files.capture(WorldId.DEFAULT);
            WorldSnapshot snapshot = reads.snapshot();
            scene = Scene.of(snapshot, saved);
            Set<String> known =
                    saved.state().models().stream().map(ModelSnapshot::name).collect(Collectors.toSet());
            if (snapshot.modelNames().stream().allMatch(known::contains)) {
                break;
            }
        }
        return scene;
    }

    /**
     * Event {@code poses}: the links whose pose changed, at most {@value PoseStream#HZ} times a second. Beyond
     * {@code orrery.dashboard.max-pose-clients} streams, 503 with Retry-After as a problem detail.
     */
    @GetMapping(value = "/dashboard/poses", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    void poses(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!poses.connect(request, response)) {
            ProblemDetail p = ProblemDetail.forStatusAndDetail(
                    HttpStatus.SERVICE_UNAVAILABLE,
                    maxPoseClients
                            + " pose streams are open, the most orrery.dashboard.max-pose-clients allows; try again later");
            p.setTitle("Too many pose streams");
            p.setProperty("property", "orrery.dashboard.max-pose-clients");
            p.setProperty("limit", maxPoseClients);
            response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
            response.setHeader(HttpHeaders.RETRY_AFTER, "10");
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            mapper.writeValue(response.getOutputStream(), p);
        }
    }
}
