package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A world saved mid-motion and loaded again goes on as the original would have: save → load → step matches the
 * original's continuation, on both engines. A two-link arm on a base fixed to the world, released from horizontal (its elbow
 * is continuous), and a falling box with a nested model, saved after {@value #BEFORE} steps over HTTP; then
 * {@value #AFTER} lockstep steps of the original against {@value #AFTER} of the loaded save, comparing every link's
 * position and every joint's position at every step. Black-box: a real server, HTTP save and load, the control
 * WebSocket.
 *
 * <p>The tolerance. The save writes every number so that it reads back to the same double, and the links are put
 * back exactly where they were (the engines' own rounding of a quaternion: 1e-12 m). What a load does change is the
 * base's anchor to the world: it is built again from the model's saved pose, which the fixed joint had let drift by
 * its own error, 6.9e-5 rad here (the saved base quaternion's x, 3.45e-5, doubled). Turning the anchor by that angle
 * moves the forearm's far end, 2 m from the base, by 6.9e-5 · 2 = 1.4e-4 m. Bullet goes on well inside that (measured
 * 1.6e-6 m over the {@value #AFTER} steps): 1e-5 m is its bound. JBullet's solver is single precision throughout:
 * once two runs differ its float rounding (2^-24 of a 3 m coordinate, 2e-7 m) differs every step and grows through
 * the chain of constraints, by 1e-4 m in {@value #AFTER} steps when the state is copied in memory; with the anchor's
 * 1.4e-4 m that is 2.4e-4 m, measured 2.3e-4 m: 2.5e-4 m is its bound. Without the state the arm would reload
 * horizontal (metres off), and without the velocities the forearm, moving at 5 m/s when saved, would be 5 mm off
 * after the first step: both far outside either bound.
 */
class SavedStateTests {

    static final int BEFORE = 700;
    static final int AFTER = 200;
    static final List<String> MODELS = List.of("arm", "flyer");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"jbullet, 2.5e-4", "bullet, 1e-5"})
    void aWorldSavedMidMotionAndLoadedGoesOnAsTheOriginal(String engine, double tolerance) throws Exception {
        Path world = Files.copy(Path.of("src/test/resources/worlds/saved_arm.sdf"), dir.resolve("saved_arm.sdf"));
        List<JsonNode> original;
        List<JsonNode> loaded;
        try (LockstepServer server = LockstepServer.start(world, "--orrery.physics.engine=" + engine)) {
            try (ControlClient c = server.connect()) {
                c.call(c.request("acquire"));
                ObjectNode step = c.request("step");
                step.put("count", BEFORE);
                assertThat(c.call(step).get("iterations").asLong()).isEqualTo(BEFORE);
                HttpResponse<String> saved = server.post("/api/world/save", "{\"path\": \"saved.sdf\"}");
                assertThat(saved.statusCode()).as(saved.body()).isEqualTo(201);
                original = steps(c);
                c.call(c.request("release"));
            }
            HttpResponse<String> load = server.post("/api/world/load", "{\"path\": \"saved.sdf\"}");
            assertThat(load.statusCode()).as(load.body()).isEqualTo(200);
            try (ControlClient c = server.connect()) {
                c.call(c.request("acquire"));
                loaded = steps(c);
            }
        }
        double worst = 0;
        String where = "";
        for (int k = 0; k < AFTER; k++) {
            List<double[]> a = numbers(original.get(k));
            List<double[]> b = numbers(loaded.get(k));
            assertThat(b).hasSameSizeAs(a);
            for (int i = 0; i < a.size(); i++) {
                for (int j = 0; j < a.get(i).length; j++) {
                    double d = Math.abs(a.get(i)[j] - b.get(i)[j]);
                    if (d > worst) {
                        worst = d;
                        where = "step " + (k + 1) + ", position " + i + "/" + j + ": " + a.get(i)[j] + " then "
                                + b.get(i)[j];
                    }
                }
            }
        }
        assertThat(worst).as("worst difference, at %s", where).isLessThanOrEqualTo(tolerance);
    }

    /** {@value #AFTER} single steps observing the models: each answer's models. */
    private static List<JsonNode> steps(ControlClient c) throws Exception {
        List<JsonNode> models = new ArrayList<>();
        for (int k = 0; k < AFTER; k++) {
            ObjectNode step = c.request("step");
            MODELS.forEach(step.putArray("models")::add);
            JsonNode answer = c.call(step);
            assertThat(answer.get("op").asText())
                    .as("step %d: %s", k + 1, answer)
                    .isEqualTo("stepped");
            models.add(answer.get("models"));
        }
        return models;
    }

    /** Every link's position and every joint's position, in order. */
    private static List<double[]> numbers(JsonNode models) {
        List<double[]> out = new ArrayList<>();
        for (JsonNode m : models) {
            for (JsonNode l : m.get("links")) {
                JsonNode p = l.get("pose");
                out.add(new double[] {
                    p.get("x").asDouble(), p.get("y").asDouble(), p.get("z").asDouble()
                });
            }
            for (JsonNode j : m.get("joints")) {
                out.add(new double[] {j.get("position").asDouble()});
            }
        }
        return out;
    }
}
