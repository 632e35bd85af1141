package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.world.mesh.TestMeshes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Meshes over real HTTP: a spawned mesh model shows what its collision became, and a spawn or load naming a bad mesh
 * is refused with the SDF place and the URI (never the server's paths) while the running world keeps running.
 */
class MeshApiTests extends ApiTestSupport {

    static final Path MODELS = createModels();

    @DynamicPropertySource
    static void modelPath(DynamicPropertyRegistry registry) {
        registry.add("orrery.model-path", MODELS::toString);
    }

    private static Path createModels() {
        try {
            Path dir = Files.createTempDirectory("orrery-api-models");
            TestMeshes.binaryStl(
                    dir.resolve("rock/meshes/rock.stl"),
                    TestMeshes.boxVertices(new float[] {-0.2f, -0.2f, -0.1f}, new float[] {0.2f, 0.2f, 0.1f}),
                    TestMeshes.boxTriangles());
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String rock(String name, boolean isStatic, String uri) {
        return """
                <model name="%s"><static>%s</static><pose>0 -3 1 0 0 0</pose><link name="body">
                  <inertial><mass>2</mass></inertial>
                  <collision name="shell"><geometry><mesh><uri>%s</uri></mesh></geometry></collision>
                </link></model>""".formatted(name, isStatic, uri);
    }

    Response spawn(String snippet) {
        return send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(snippet)));
    }

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void aSpawnedMeshShowsWhatItBecame() {
        assertThat(spawn(rock("rock", false, "model://rock/meshes/rock.stl")).status())
                .isEqualTo(201);
        JsonNode shape =
                get("/api/models/rock").json().get("links").get(0).get("shapes").get(0);
        assertThat(shape.get("collision").asText()).isEqualTo("shell");
        assertThat(shape.get("shape").asText()).isEqualTo("convex_hull");
        assertThat(shape.get("hulls").asInt()).isEqualTo(1);
        assertThat(shape.get("vertices").asInt()).isEqualTo(8);
        assertThat(spawn(rock("slab", true, "model://rock/meshes/rock.stl")).status())
                .isEqualTo(201);
        JsonNode slab =
                get("/api/models/slab").json().get("links").get(0).get("shapes").get(0);
        assertThat(slab.get("shape").asText()).isEqualTo("triangle_mesh");
        assertThat(slab.get("triangles").asInt()).isEqualTo(12);
    }

    @Test
    void aSpawnNamingAMissingMeshIsRefusedAndTheWorldRunsOn() {
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
        Response r = spawn(rock("ghost", false, "model://rock/meshes/ghost.stl"));
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("file").asText()).isEqualTo("spawn request");
        assertThat(r.json().get("line").asInt()).isEqualTo(3);
        assertThat(r.json().get("detail").asText())
                .contains("'model://rock/meshes/ghost.stl' not found in the model path")
                .doesNotContain(MODELS.toString());
        JsonNode status = get("/api/simulation").json();
        assertThat(status.get("paused").asBoolean()).isFalse();
        assertThat(status.get("world").get("name").asText()).isEqualTo("api_world");
        assertThat(get("/api/models/ghost").status()).isEqualTo(404);
    }

    @Test
    void aLoadNamingABadMeshIsRefusedAndTheWorldRunsOn() throws IOException {
        Files.writeString(
                WORLDS_DIR.resolve("bad_mesh.sdf"),
                "<sdf version='1.11'><world name='bad'>\n" + rock("broken", true, "meshes/broken.stl")
                        + "\n</world></sdf>");
        TestMeshes.write(
                WORLDS_DIR.resolve("meshes/broken.stl"),
                "solid x\nfacet normal 0 0 1\nouter".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(post("/api/simulation/resume").status()).isEqualTo(200);
        Response r = postJson("/api/world/load", "{\"path\": \"bad_mesh.sdf\"}");
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.json().get("detail").asText())
                .contains("'meshes/broken.stl': not a mesh Assimp can read")
                .doesNotContain(WORLDS_DIR.resolve("meshes").toString());
        JsonNode status = get("/api/simulation").json();
        assertThat(status.get("world").get("name").asText()).isEqualTo("api_world");
        assertThat(status.get("paused").asBoolean()).isFalse();
    }
}
