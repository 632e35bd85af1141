package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.world.ModelSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The world as SDF, saving and loading inside the worlds directory, and the paths refused with nothing written. */
class WorldApiTests extends ApiTestSupport {

    @BeforeEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @AfterEach
    void backToTheTestWorld() {
        ApiFixtures.pausedAndReset(this);
    }

    /**
     * Nothing dropped silently: what the loaded world holds that Orrery does not simulate is listed with its file
     * and line (an image collision and a joint spring under unsupported, a light and a visual under display), and the
     * simulation health counts it.
     */
    @Test
    void theWorldListsWhatItDoesNotSimulate() throws IOException {
        copyWorld(WORLDS_DIR, "unsupported.sdf");
        assertThat(postJson("/api/world/load", "{\"path\": \"unsupported.sdf\"}")
                        .status())
                .isEqualTo(200);
        JsonNode world = get("/api/world").json();
        assertThat(world.get("name").asText()).isEqualTo("unsupported");
        String file = WORLDS_DIR.resolve("unsupported.sdf").toString();
        assertThat(world.get("unsupported")).anySatisfy(e -> {
            assertThat(e.get("element").asText()).isEqualTo("image");
            assertThat(e.get("where").asText()).isEqualTo("model 'robot' link 'body' collision 'hull'");
            assertThat(e.get("file").asText()).isEqualTo(file);
            assertThat(e.get("line").asInt()).isEqualTo(17);
        });
        assertThat(world.get("unsupported")).anySatisfy(e -> {
            assertThat(e.get("element").asText()).isEqualTo("spring_stiffness");
            assertThat(e.get("line").asInt()).isEqualTo(26);
        });
        assertThat(world.get("display"))
                .extracting(e -> e.get("element").asText())
                .contains("light", "visual");
        JsonNode health = get("/actuator/health").json();
        assertThat(health.at("/components/simulation/details/unsupported").asInt())
                .isEqualTo(world.get("unsupported").size());
    }

    /**
     * Issue 35, nothing silent: a plugin the world names that Orrery neither runs nor does the work of (gz-sim's log
     * recorder, a user's gripper library) is listed by name, filename and owner in GET /api/world with its line,
     * in GET /api/plugins as UNSUPPORTED, and in both health components; DiffDrive (run) and physics (Orrery's own
     * step) are not.
     */
    @Test
    void aPluginOrreryDoesNotRunIsListedEverywhere() throws IOException {
        copyWorld(WORLDS_DIR, "unsupported_plugins.sdf");
        assertThat(postJson("/api/world/load", "{\"path\": \"unsupported_plugins.sdf\"}")
                        .status())
                .isEqualTo(200);
        JsonNode world = get("/api/world").json();
        assertThat(world.get("unsupported"))
                .filteredOn(e -> e.get("element").asText().equals("plugin"))
                .extracting(e -> e.get("where").asText() + " @" + e.get("line").asInt())
                .containsExactly(
                        "world 'unsupported_plugins' plugin 'gz::sim::systems::LogPlayback' (filename"
                                + " 'gz-sim-log-system') @7",
                        "model 'robot' plugin 'acme::Gripper' (filename 'libacme_gripper.so') @22");
        JsonNode plugins = get("/api/plugins").json();
        assertThat(plugins)
                .filteredOn(p -> p.get("state").asText().equals("UNSUPPORTED"))
                .extracting(p -> p.get("name").asText() + " "
                        + p.get("filename").asText() + " " + p.get("owner").asText())
                .containsExactly(
                        "gz::sim::systems::LogPlayback gz-sim-log-system world",
                        "robot::acme::Gripper libacme_gripper.so model:robot");
        assertThat(plugins).extracting(p -> p.get("filename").asText()).doesNotContain("gz-sim-physics-system");
        JsonNode health = get("/actuator/health").json();
        assertThat(health.at("/components/simulation/details/unsupported").asInt())
                .isEqualTo(2);
        assertThat(health.at("/components/plugins/details/unsupported/robot::acme::Gripper")
                        .asText())
                .isEqualTo("libacme_gripper.so");
    }

    @Test
    void theCurrentStateAsSdf() throws IOException {
        putJson("/api/models/ball/pose", ModelApiTests.pose(-1, 4, 2, 0, 0, 0.5));
        Response r = get("/api/world/sdf");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("application/xml");
        Path file = Files.createTempFile("orrery-api-sdf", ".sdf");
        try {
            Files.writeString(file, r.body());
            WorldSpec world = new SdfReader(List.of()).read(file);
            assertThat(world.name()).isEqualTo("api_world");
            ModelSpec ball = world.model("ball").orElseThrow();
            assertThat(ball.pose().x()).isCloseTo(-1, within(1e-6));
            assertThat(ball.pose().y()).isCloseTo(4, within(1e-6));
            assertThat(ball.pose().yaw()).isCloseTo(0.5, within(1e-6));
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void saveThenLoadRoundTripsThePoses() throws IOException {
        putJson("/api/models/box/pose", ModelApiTests.pose(0.5, -1.25, 0.3, 0, 0, 1.0));
        putJson("/api/models/ball/pose", ModelApiTests.pose(3, 2, 1, 0.2, 0, 0));
        JsonNode box = get("/api/models/box").json().get("pose");
        JsonNode ball = get("/api/models/ball").json().get("pose");

        Response saved = postJson("/api/world/save", "{\"path\": \"saved/run1.sdf\", \"overwriteSource\": false}");
        assertThat(saved.status()).isEqualTo(201);
        assertThat(saved.json().get("path").asText()).isEqualTo("saved/run1.sdf");
        Path file = WORLDS_DIR.resolve("saved/run1.sdf");
        assertThat(file).isRegularFile();
        WorldSpec read = new SdfReader(List.of()).read(file);
        assertThat(read.model("box").orElseThrow().pose().x()).isCloseTo(0.5, within(1e-6));

        putJson("/api/models/box/pose", ModelApiTests.pose(9, 9, 9, 0, 0, 0));
        Response loaded = postJson("/api/world/load", "{\"path\": \"saved/run1.sdf\"}");
        assertThat(loaded.status()).isEqualTo(200);
        assertThat(loaded.json().get("world").get("file").asText()).endsWith("run1.sdf");
        assertThat(loaded.json().get("iterations").asLong()).isZero();
        assertPose(get("/api/models/box").json().get("pose"), box);
        assertPose(get("/api/models/ball").json().get("pose"), ball);
        assertThat(get("/api/plugins/echo").json().get("state").asText()).isEqualTo("STARTED");
    }

    @Test
    void theSourceWorldIsProtectedUnlessAsked() throws IOException {
        byte[] before = Files.readAllBytes(WORLDS_DIR.resolve(WORLD));
        Response r = postJson("/api/world/save", "{\"path\": \"" + WORLD + "\"}");
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.json().get("detail").asText()).contains("source");
        assertThat(Files.readAllBytes(WORLDS_DIR.resolve(WORLD))).isEqualTo(before);
    }

    @Test
    void aWorldThatDoesNotParseIs422AndTheRunningWorldGoesOn() throws IOException {
        copyWorld(WORLDS_DIR, "broken.sdf");
        post("/api/simulation/step?count=10");
        Response r = postJson("/api/world/load", "{\"path\": \"broken.sdf\"}");
        assertThat(r.status()).isEqualTo(422);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        assertThat(r.json().get("line").asInt()).isEqualTo(7);
        assertThat(r.json().get("file").asText()).endsWith("broken.sdf");
        JsonNode status = get("/api/simulation").json();
        assertThat(status.get("world").get("name").asText()).isEqualTo("api_world");
        assertThat(status.get("iterations").asLong()).isEqualTo(10);
        assertThat(post("/api/simulation/step?count=5").json().get("iterations").asLong())
                .isEqualTo(15);

        assertThat(postJson("/api/world/load", "{\"path\": \"missing.sdf\"}").status())
                .isEqualTo(404);
        assertThat(postJson("/api/world/load", "{}").status()).isEqualTo(400);
    }

    @Test
    void pathsLeavingTheWorldsDirectoryAreRefusedAndNothingIsWritten() throws IOException {
        Path outside = Files.createTempDirectory("orrery-api-outside");
        Path secret = Files.writeString(outside.resolve("secret.sdf"), "<sdf version=\"1.9\"/>");
        Files.createSymbolicLink(WORLDS_DIR.resolve("out"), outside);
        try {
            assertThat(WORLDS_DIR.getParent().resolve("escape.sdf")).doesNotExist();
            for (String path : List.of(
                    "../../etc/passwd",
                    "../escape.sdf",
                    "../../etc/passwd.sdf",
                    "/tmp/absolute.sdf",
                    WORLDS_DIR.resolve("abs.sdf").toString(),
                    "out/escaped.sdf",
                    "saved/../../escape.sdf",
                    "saved/../inside.sdf",
                    "nul\\u0000.sdf",
                    "x".repeat(300) + ".sdf")) {
                int expected = path.startsWith("out/") ? 403 : 400; // the name itself, or where a link leads
                Response save = postJson("/api/world/save", "{\"path\": \"" + path + "\"}");
                assertThat(save.status()).as(path).isEqualTo(expected);
                assertThat(save.header("Content-Type")).as(path).startsWith("application/problem+json");
                assertThat(save.json().get("detail").asText())
                        .as(path)
                        .containsAnyOf(
                                "'..' is not allowed",
                                "absolute paths",
                                "NUL",
                                "longer than 255 bytes",
                                "symbolic link");
                // refused before existence is checked: the answer never tells what exists outside
                Response load = postJson("/api/world/load", "{\"path\": \"" + path + "\"}");
                assertThat(load.status()).as(path).isEqualTo(expected);
            }
            Response viaLink = postJson("/api/world/load", "{\"path\": \"out/secret.sdf\"}");
            assertThat(viaLink.status()).isEqualTo(403);
            assertThat(viaLink.json().get("detail").asText()).contains("symbolic link");

            assertThat(listing(outside)).containsExactly(secret.getFileName().toString());
            assertThat(Files.exists(Path.of("/tmp/absolute.sdf"))).isFalse();
            assertThat(Files.exists(WORLDS_DIR.resolve("abs.sdf"))).isFalse();
            assertThat(WORLDS_DIR.getParent().resolve("escape.sdf")).doesNotExist();
            assertThat(Path.of("/etc/passwd.sdf")).doesNotExist();
            assertThat(listing(WORLDS_DIR)).doesNotContain("abs.sdf", "escape.sdf", "escaped.sdf");
            assertThat(get("/api/simulation").json().get("world").get("name").asText())
                    .isEqualTo("api_world");
        } finally {
            Files.delete(WORLDS_DIR.resolve("out"));
            Files.delete(secret);
            Files.delete(outside);
        }
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertPose(JsonNode actual, JsonNode expected) {
        for (String f : List.of("x", "y", "z", "roll", "pitch", "yaw")) {
            assertThat(actual.get(f).asDouble()).as(f).isCloseTo(expected.get(f).asDouble(), within(1e-6));
        }
    }
}
