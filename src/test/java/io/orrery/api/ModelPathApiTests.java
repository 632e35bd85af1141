package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.mesh.TestMeshes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 21 item 2, from outside: a spawn request's {@code model://} include may not leave the model path. Beside the
 * model path lies a directory {@code outside} with a model in it, and the model {@code crate} holds a link to a file
 * there. {@code ..} in a model name or a path, and links out of the model directory, are refused (422), and the
 * answer reads the same whether what it names exists or not. A real server on a random port.
 */
class ModelPathApiTests extends ApiTestSupport {

    static final Path ROOT = createTree();
    static final Path MODELS = ROOT.resolve("models");

    static final String SECRET_MODEL = """
            <sdf version="1.9"><model name="secret"><link name="l"><inertial><mass>1</mass></inertial>
            </link></model></sdf>""";

    @DynamicPropertySource
    static void modelPath(DynamicPropertyRegistry registry) {
        registry.add("orrery.model-path", MODELS::toString);
    }

    static Path createTree() {
        try {
            Path root = Files.createTempDirectory("orrery-model-path").toRealPath();
            Path crate = Files.createDirectories(root.resolve("models/crate"));
            Files.writeString(crate.resolve("model.sdf"), """
                    <sdf version="1.9"><model name="crate"><link name="l"><inertial><mass>1</mass></inertial>
                    </link></model></sdf>""");
            Path outside = Files.createDirectories(root.resolve("outside"));
            Files.writeString(outside.resolve("model.sdf"), SECRET_MODEL);
            Files.writeString(outside.resolve("secret.sdf"), SECRET_MODEL);
            // a link inside the model directory that leads out of it, and a model directory that is a link
            Files.createSymbolicLink(crate.resolve("escape.sdf"), outside.resolve("secret.sdf"));
            Files.createSymbolicLink(root.resolve("models/linked"), outside);
            // meshes: the model's own, a secret one outside the model path, a link to it, a broken one
            float[] box = TestMeshes.boxVertices(new float[] {-0.1f, -0.1f, -0.1f}, new float[] {0.1f, 0.1f, 0.1f});
            TestMeshes.binaryStl(crate.resolve("meshes/box.stl"), box, TestMeshes.boxTriangles());
            TestMeshes.binaryStl(outside.resolve("secret.stl"), box, TestMeshes.boxTriangles());
            TestMeshes.png(outside.resolve("secret.png"), 3, 8, (x, y) -> 0);
            Files.createSymbolicLink(crate.resolve("meshes/escape.stl"), outside.resolve("secret.stl"));
            TestMeshes.write(crate.resolve("meshes/broken.stl"), "solid x\nfacet".getBytes(StandardCharsets.US_ASCII));
            // glTF files whose one buffer (a triangle: 36 bytes of floats, 6 of indices, 2 of padding) is elsewhere
            byte[] triangle = java.util.Base64.getDecoder()
                    .decode("AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAAAAABAAIAAAA=");
            Files.write(outside.resolve("secret.bin"), triangle);
            Files.write(crate.resolve("meshes/own.bin"), triangle);
            Files.createSymbolicLink(crate.resolve("meshes/linked.bin"), outside.resolve("secret.bin"));
            for (String[] g : new String[][] {
                {"escape", "../../../outside/secret.bin"},
                {"encoded", "%2E%2E/%2E%2E/%2E%2E/outside/secret.bin"},
                {"absolute", outside.resolve("secret.bin").toUri().toString()},
                {"linked", "linked.bin"},
                {"own", "own.bin"},
                {"missing", "missing.bin"}
            }) {
                Files.writeString(crate.resolve("meshes/" + g[0] + ".gltf"), gltf(g[1]));
            }
            // a glTF whose buffer is its own and whose image lies outside, which a renderer would open
            Files.writeString(
                    crate.resolve("meshes/image.gltf"),
                    gltf("own.bin")
                            .replace(
                                    "\"buffers\"",
                                    "\"images\":[{\"uri\":\"../../../outside/secret.png\"}],\"buffers\""));
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    Response spawn(String uri) {
        String snippet = "<include><uri>" + uri + "</uri></include>";
        return send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(snippet)));
    }

    @Test
    void aModelOfTheModelPathSpawns() {
        Response r = spawn("model://crate");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        assertThat(delete("/api/models/crate").status()).isEqualTo(204);
    }

    @Test
    void dotDotInTheModelNameOrThePathIsRefusedByItsForm() {
        for (String uri : new String[] {
            "model://../outside",
            "model://crate/../../outside/secret.sdf",
            "model://./crate",
            "model://crate/..%2F..%2Foutside/secret.sdf",
            "model://\\..\\outside"
        }) {
            Response r = spawn(uri);
            assertThat(r.status()).as(uri + ": " + r.body()).isEqualTo(422);
            // the rule or "not found in the model path", never the place outside
            assertThat(r.json().get("detail").asText())
                    .as(uri)
                    .doesNotContain(ROOT.resolve("outside").toString());
        }
        assertThat(spawn("model://../outside").json().get("detail").asText())
                .contains("a model name must be one plain path segment");
        assertThat(names()).doesNotContain("secret");
    }

    @Test
    void linksOutOfTheModelDirectoryReadAsNotFound() {
        Response escape = spawn("model://crate/escape.sdf");
        Response missing = spawn("model://crate/nothing.sdf");
        assertThat(escape.status()).as(escape.body()).isEqualTo(422);
        assertThat(missing.status()).isEqualTo(422);
        // the same words after the URI: the answer does not tell that escape.sdf exists
        assertThat(afterUri(escape)).isEqualTo(afterUri(missing));

        Response linked = spawn("model://linked");
        Response absent = spawn("model://absent");
        assertThat(linked.status()).as(linked.body()).isEqualTo(422);
        assertThat(afterUri(linked)).isEqualTo(afterUri(absent));
        assertThat(names()).doesNotContain("secret");
    }

    /** A glTF of one triangle whose buffer is the file {@code bufferUri}. */
    static String gltf(String bufferUri) {
        return """
                {"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],
                 "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
                 "buffers":[{"uri":"%s","byteLength":44}],
                 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":6}],
                 "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
                   {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}]}
                """.formatted(bufferUri);
    }

    /**
     * Issue 33 item 7: a glTF's buffer URI of ../../../secret was opened by the mesh library, and the file's bytes became
     * vertices that GET /dashboard/scene served. Every file a mesh refers to is now opened inside its model directory
     * only: a buffer (or an image) outside is refused, by name, however it is spelled; one inside still reads.
     */
    @Test
    void aGltfBufferOutsideItsModelIsNeverRead() {
        for (String name : new String[] {"escape", "encoded", "absolute", "linked", "image"}) {
            String uri = "model://crate/meshes/" + name + ".gltf";
            Response r = spawnSnippet(meshModel("thief", uri));
            assertThat(r.status()).as(name + ": " + r.body()).isEqualTo(422);
            assertThat(r.json().get("detail").asText())
                    .as(name)
                    .contains("glTF names", "lies outside the directory the mesh may read from")
                    .doesNotContain(ROOT.toString());
        }
        assertThat(names()).doesNotContain("thief");
        Response own = spawnSnippet(meshModel("honest", "model://crate/meshes/own.gltf"));
        assertThat(own.status()).as(own.body()).isEqualTo(201);
        assertThat(delete("/api/models/honest").status()).isEqualTo(204);
    }

    static String meshModel(String name, String uri) {
        return """
                <model name="%s"><pose>0 3 1 0 0 0</pose><link name="l">
                <collision name="c"><geometry><mesh><uri>%s</uri></mesh></geometry></collision>
                </link></model>""".formatted(name, uri);
    }

    Response spawnSnippet(String snippet) {
        return send(HttpRequest.newBuilder(uri("/api/models"))
                .header("Content-Type", "application/xml")
                .POST(HttpRequest.BodyPublishers.ofString(snippet)));
    }

    /** Issue 33 item 5: mesh and heightmap URIs used to resolve model://.. against each model-path directory's parent. */
    @Test
    void meshAndHeightmapUrisCannotLeaveTheModelPath() {
        for (String uri : new String[] {
            "model://../outside/secret.stl",
            "package://../outside/secret.stl",
            "model://crate/../../outside/secret.stl",
            "package://crate/meshes/../../../outside/secret.stl",
            "model://crate/./meshes/box.stl"
        }) {
            Response r = spawnSnippet(meshModel("thief", uri));
            assertThat(r.status()).as(uri + ": " + r.body()).isEqualTo(422);
            assertThat(r.json().get("detail").asText()).as(uri).contains("one plain path segment");
            assertThat(r.json().get("detail").asText()).as(uri).doesNotContain(ROOT.toString());
        }
        Response heightmap = spawnSnippet("""
                <model name="thief"><static>true</static><link name="l"><collision name="c"><geometry>
                <heightmap><uri>model://../outside/secret.png</uri></heightmap></geometry></collision></link></model>""");
        assertThat(heightmap.status()).as(heightmap.body()).isEqualTo(422);
        assertThat(heightmap.json().get("detail").asText()).contains("one plain path segment");
        assertThat(names()).doesNotContain("thief");
        // the model's own mesh still spawns, through either scheme
        assertThat(spawnSnippet(meshModel("boxed", "package://crate/meshes/box.stl"))
                        .status())
                .isEqualTo(201);
        assertThat(delete("/api/models/boxed").status()).isEqualTo(204);
    }

    /**
     * Issue 33 item 6: a mesh URI followed a link out of its model, or into a model directory that is a link; the
     * answer now reads as "not found", word for word, so it does not tell that the file exists.
     */
    @Test
    void meshUrisThroughLinksReadAsNotFound() {
        String escape = "model://crate/meshes/escape.stl";
        String missing = "model://crate/meshes/nothing.stl";
        Response viaLink = spawnSnippet(meshModel("thief", escape));
        Response absent = spawnSnippet(meshModel("thief", missing));
        assertThat(viaLink.status()).as(viaLink.body()).isEqualTo(422);
        assertThat(absent.status()).isEqualTo(422);
        assertThat(after(viaLink, escape)).isEqualTo(after(absent, missing));

        String linked = "model://linked/secret.stl";
        String nowhere = "model://absent/secret.stl";
        Response intoLink = spawnSnippet(meshModel("thief", linked));
        assertThat(intoLink.status()).as(intoLink.body()).isEqualTo(422);
        assertThat(after(intoLink, linked)).isEqualTo(after(spawnSnippet(meshModel("thief", nowhere)), nowhere));
        assertThat(names()).doesNotContain("thief");
    }

    /** Issue 33 item 8: refusals named the model path's directories and the files searched, absolute. */
    @Test
    void refusalsNameFilesRelativeToTheModelPathNeverTheServersPaths() {
        for (Response r : new Response[] {
            spawnSnippet(meshModel("thief", "model://crate/meshes/nothing.stl")),
            spawnSnippet(meshModel("thief", "model://crate/meshes/broken.stl")),
            spawn("model://absent"),
            spawn("model://crate/nothing.sdf"),
            // the mesh library's own message names the buffer it could not open, by its path
            spawnSnippet(meshModel("thief", "model://crate/meshes/missing.gltf"))
        }) {
            assertThat(r.status()).as(r.body()).isEqualTo(422);
            assertThat(r.json().get("detail").asText()).as(r.body()).doesNotContain(ROOT.toString(), "/tmp/");
            assertThat(r.json().get("file").asText()).as(r.body()).doesNotContain(ROOT.toString());
        }
        assertThat(spawnSnippet(meshModel("thief", "model://crate/meshes/broken.stl"))
                        .json()
                        .get("detail")
                        .asText())
                .contains("'model://crate/meshes/broken.stl': not a mesh Assimp can read");
        assertThat(spawnSnippet(meshModel("thief", "model://crate/meshes/nothing.stl"))
                        .json()
                        .get("detail")
                        .asText())
                .contains("'model://crate/meshes/nothing.stl' not found in the model path");
        assertThat(spawnSnippet(meshModel("thief", "model://crate/meshes/missing.gltf"))
                        .json()
                        .get("detail")
                        .asText())
                .contains("missing.bin");
    }

    /** The problem's detail after the URI. */
    static String after(Response r, String uri) {
        String detail = r.json().get("detail").asText();
        return detail.substring(detail.indexOf(uri) + uri.length());
    }

    /** The problem's detail from the URI's closing quote on. */
    static String afterUri(Response r) {
        String detail = r.json().get("detail").asText();
        return detail.substring(detail.indexOf("':"));
    }

    java.util.List<String> names() {
        return ModelApiTests.names(get("/api/models").json());
    }
}
