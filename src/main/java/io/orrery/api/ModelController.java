package io.orrery.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.orrery.app.Models;
import io.orrery.app.RunnerCalls;
import io.orrery.app.SpawnRequest;
import io.orrery.app.WorldId;
import io.orrery.physics.ArticulationState;
import io.orrery.physics.JointState;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.ShapeInfo;
import io.orrery.physics.Twist;
import io.orrery.world.Vec3;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;

/** The world's models over HTTP: read, spawned, removed, teleported and made static through {@link Models}. */
@RestController
@RequestMapping("/api/models")
class ModelController {

    private static final WorldId WORLD = WorldId.DEFAULT;

    private final Models models;

    ModelController(Models models) {
        this.models = models;
    }

    @GetMapping
    List<ModelSummary> list() {
        return models.list(WORLD).stream().map(ModelSummary::of).toList();
    }

    @GetMapping("/{name}")
    ModelJson get(@PathVariable String name) {
        return ModelJson.of(models.get(WORLD, name));
    }

    /** Spawns the model of an SDF {@code <model>} snippet (pose in the world frame). */
    @PostMapping(consumes = {MediaType.APPLICATION_XML_VALUE, MediaType.TEXT_XML_VALUE, MediaType.TEXT_PLAIN_VALUE})
    ResponseEntity<ModelJson> spawn(@RequestBody String snippet) {
        ModelState spawned = RunnerCalls.await("spawn", models.spawn(WORLD, SpawnRequest.of(snippet, "spawn request")));
        URI location = UriComponentsBuilder.fromPath("/api/models/{name}")
                .buildAndExpand(spawned.name())
                .encode()
                .toUri();
        return ResponseEntity.created(location).body(ModelJson.of(spawned));
    }

    @DeleteMapping("/{name}")
    ResponseEntity<Void> remove(@PathVariable String name) {
        RunnerCalls.await("remove", models.remove(WORLD, name));
        return ResponseEntity.noContent().build();
    }

    /** Teleports the model (world frame); its velocity is kept as the physics engine keeps it. */
    @PutMapping("/{name}/pose")
    ModelJson teleport(@PathVariable String name, @RequestBody PoseJson pose) {
        if (pose == null) {
            throw new IllegalArgumentException("expected a pose {\"x\", \"y\", \"z\", \"roll\", \"pitch\", \"yaw\"}");
        }
        return ModelJson.of(RunnerCalls.await("teleport", models.teleport(WORLD, name, pose.toPose())));
    }

    @PutMapping("/{name}/static")
    ModelJson setStatic(@PathVariable String name, @RequestBody SimulationController.ValueRequest<Boolean> request) {
        if (request == null || request.value() == null) {
            throw new IllegalArgumentException("expected {\"value\": true} or {\"value\": false}");
        }
        return ModelJson.of(RunnerCalls.await("set-static", models.setStatic(WORLD, name, request.value())));
    }

    /** A vector: metres per second for linear velocities, radians per second for angular ones. */
    record Vec3Json(double x, double y, double z) {
        static Vec3Json of(Vec3 v) {
            return new Vec3Json(v.x(), v.y(), v.z());
        }
    }

    /** A velocity in the world frame. */
    record TwistJson(Vec3Json linear, Vec3Json angular) {
        static TwistJson of(Twist t) {
            return new TwistJson(Vec3Json.of(t.linear()), Vec3Json.of(t.angular()));
        }
    }

    /** A model in the list. */
    record ModelSummary(
            String name,
            PoseJson pose,
            @JsonProperty("static") boolean isStatic) {
        static ModelSummary of(ModelState m) {
            return new ModelSummary(m.name(), PoseJson.of(m.pose()), m.isStatic());
        }
    }

    /**
     * A link of a model, in the world frame, with what each of its collisions became in the physics engine (shape,
     * hull or part count, vertices, triangles).
     */
    record LinkJson(String name, PoseJson pose, TwistJson velocity, boolean sleeping, List<ShapeInfo> shapes) {
        static LinkJson of(LinkState l) {
            return new LinkJson(l.name(), PoseJson.of(l.pose()), TwistJson.of(l.velocity()), l.sleeping(), l.shapes());
        }
    }

    /**
     * A joint along its axis: position in rad or m (unwrapped), velocity in rad/s or m/s, effort in N·m or N (what it
     * applied in the last step); type as SDF spells it. Universal, revolute2 and gearbox joints add {@code axis2},
     * the same along their second axis (a gearbox's first axis is its parent's turn against the reference body, its
     * second its child's).
     */
    record JointJson(
            String name,
            String type,
            double position,
            double velocity,
            double effort,
            @JsonInclude(JsonInclude.Include.NON_NULL) AxisJson axis2) {
        static JointJson of(JointState j) {
            return new JointJson(
                    j.name(),
                    j.type().name().toLowerCase(Locale.ROOT),
                    j.position(),
                    j.velocity(),
                    j.effort(),
                    j.axis2() == null
                            ? null
                            : new AxisJson(
                                    j.axis2().position(),
                                    j.axis2().velocity(),
                                    j.axis2().effort()));
        }
    }

    /** A joint's state along its second axis: rad, rad/s, N·m. */
    record AxisJson(double position, double velocity, double effort) {}

    /**
     * How a model's joints are held ({@code orrery.physics.articulation}): the mode asked for, the mode it runs in,
     * and why it fell back to constraints (a loop of joints, a joint type the mode lacks), null when it did not.
     */
    record ArticulationJson(String requested, String mode, String fallback) {
        static ArticulationJson of(ArticulationState a) {
            return new ArticulationJson(
                    a.requested().id(), a.mode().id(), a.fallback().orElse(null));
        }
    }

    /** A model with its velocity, links, joints and articulation. */
    record ModelJson(
            String name,
            PoseJson pose,
            TwistJson velocity,
            @JsonProperty("static") boolean isStatic,
            List<LinkJson> links,
            List<JointJson> joints,
            ArticulationJson articulation) {
        static ModelJson of(ModelState m) {
            return new ModelJson(
                    m.name(),
                    PoseJson.of(m.pose()),
                    TwistJson.of(m.velocity()),
                    m.isStatic(),
                    m.links().stream().map(LinkJson::of).toList(),
                    m.joints().stream().map(JointJson::of).toList(),
                    ArticulationJson.of(m.articulation()));
        }
    }
}
