package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.world.mesh.TestMeshes;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The dashboard draws meshes and heightmaps as their triangles, a large mesh as a coarser copy, and the model panel
 * lists what each collision became: a world of a heightmap terrain, a static step mesh and a moving sphere mesh of
 * 49,500 triangles, made for the test. A bob hangs off a universal joint: the model panel shows both its angles, and
 * its link's {@code <velocity_decay>}, which Orrery does not simulate, is in the "Not simulated" panel.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s", "orrery.start-paused=true"})
class DashboardMeshBrowserTests {

    @RegisterExtension
    static final Browser BROWSER = new Browser(1200, 800);

    static final Path WORLD = createWorld();

    @LocalServerPort
    int port;

    DashboardPage page;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.world", WORLD::toString);
    }

    private static Path createWorld() {
        try {
            Path dir = Files.createTempDirectory("orrery-mesh-world");
            TestMeshes.png(dir.resolve("terrain.png"), 9, 8, (x, y) -> (x + y) * 10);
            TestMeshes.Indexed sphere = TestMeshes.sphere(100, 250, 0.5f);
            TestMeshes.binaryStl(dir.resolve("sphere.stl"), sphere.vertices(), sphere.triangles());
            TestMeshes.binaryStl(
                    dir.resolve("slab.stl"),
                    TestMeshes.boxVertices(new float[] {-1, -1, 0}, new float[] {1, 1, 0.3f}),
                    TestMeshes.boxTriangles());
            Path world = dir.resolve("mesh_world.sdf");
            Files.writeString(world, """
                    <sdf version="1.11"><world name="mesh_world">
                      <gui><camera name="user_camera"><pose>0 -6 4 0 0.55 1.5708</pose></camera></gui>
                      <model name="terrain"><static>true</static><pose>0 0 -1 0 0 0</pose><link name="l">
                        <collision name="ground"><geometry><heightmap><uri>terrain.png</uri><size>20 20 0.5</size>
                        </heightmap></geometry></collision></link></model>
                      <model name="slab"><static>true</static><pose>2 0 0 0 0 0</pose><link name="l">
                        <collision name="top"><geometry><mesh><uri>slab.stl</uri></mesh></geometry></collision>
                      </link></model>
                      <model name="ball"><pose>0 0 1 0 0 0</pose><link name="body"><inertial><mass>1</mass></inertial>
                        <collision name="shell"><geometry><mesh><uri>sphere.stl</uri></mesh></geometry></collision>
                      </link></model>
                      <model name="gimbal"><pose>-3 0 2 0 0 0</pose><link name="bob"><inertial><mass>1</mass></inertial>
                        <velocity_decay><linear>0.1</linear></velocity_decay></link>
                        <joint name="cross" type="universal"><parent>world</parent><child>bob</child>
                        <pose>0.3 0.2 1 0 0 0</pose></joint></model>
                    </world></sdf>""");
            return world;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeEach
    void opened() {
        page = new DashboardPage(BROWSER.driver(), port, null);
        page.open();
        page.waitFor(() -> page.text("world-name").equals("mesh_world"));
        page.waitFor(() -> stat("meshes") == 3);
    }

    private long stat(String name) {
        return ((Number) page.js("return window.orreryDashboard.view.stats()." + name + ";")).longValue();
    }

    @Test
    void meshesAndTheHeightmapAreDrawnAsTriangles() {
        JsonNode scene = page.api("GET", "/dashboard/scene", null);
        JsonNode ball =
                scene.get("models").get(2).get("links").get(0).get("shapes").get(0);
        assertThat(ball.get("type").asText()).isEqualTo("mesh");
        int ballTriangles = ball.get("triangles").size() / 3;
        assertThat(ballTriangles)
                .as("the 49,500-triangle sphere, decimated for drawing")
                .isPositive()
                .isLessThanOrEqualTo(Scene.MAX_TRIANGLES);
        // 8 × 8 heightmap cells of 2 triangles, 12 of the slab, the ball's coarse copy
        assertThat(stat("meshTriangles")).isEqualTo(128 + 12 + ballTriangles);
        assertThat(stat("instances")).as("no marker boxes").isZero();
        // the moving mesh is drawn in its colour (DYNAMIC.other, a magenta lit by the scene's lights), as large as the
        // ball's silhouette from the user camera: a disc whose pixel count scales with the canvas, which the page's
        // layout sizes (fonts differ between machines). Its lit part passes the colour test: 61% of the disc here.
        // Where it is (another test may have stepped): the view follows the pose stream, so the drawing may show the
        // ball where it was for a frame or two; the test waits for the view to show it where the API says.
        double[] seen = new double[2]; // the silhouette's pixels, the magenta ones
        try {
            page.waitFor(() -> {
                JsonNode at = page.api("GET", "/api/models/ball", null).get("pose");
                BufferedImage view = page.viewSnapshot();
                seen[0] = ballSilhouettePixels(
                        view.getHeight(),
                        Math.sqrt(Math.pow(at.get("x").asDouble(), 2)
                                + Math.pow(at.get("y").asDouble() + 6, 2)
                                + Math.pow(at.get("z").asDouble() - 4, 2)));
                seen[1] = magentaPixels(view);
                return seen[1] >= 0.5 * seen[0] && seen[1] <= seen[0];
            });
        } catch (org.openqa.selenium.TimeoutException e) {
            // the assertion below names the figures
        }
        assertThat((int) seen[1])
                .as("magenta pixels of a %.0f-pixel silhouette", seen[0])
                .isBetween((int) (0.5 * seen[0]), (int) seen[0]);
        page.screenshot("meshes");
        assertThat(page.consoleErrors()).isEmpty();
    }

    @Test
    void theModelPanelListsWhatEachCollisionBecame() {
        BROWSER.driver()
                .findElement(By.cssSelector("[data-testid=models] li[data-model='ball']"))
                .click();
        page.waitFor(() -> !BROWSER.driver()
                .findElements(By.cssSelector("[data-testid=model-shapes] tr[data-collision]"))
                .isEmpty());
        String row = BROWSER.driver()
                .findElement(By.cssSelector("[data-testid=model-shapes] tr[data-collision]"))
                .getText();
        // the hull of the sphere's 24,752 vertices is built from the farthest along 1,024 directions (HullPoints)
        String[] cells = row.split(" ");
        assertThat(cells).hasSize(5);
        assertThat(cells[0] + " " + cells[1] + " " + cells[2]).isEqualTo("body/shell convex_hull 1");
        assertThat(Integer.parseInt(cells[3])).isBetween(500, 1024);
        assertThat(cells[4]).isEqualTo("0");
    }

    /**
     * The area in pixels of the ball's silhouette on a canvas {@code height} pixels tall: a sphere of radius 0.5,
     * {@code distance} metres from the gui camera at (0, -6, 4), through the view's 50° vertical field of view. At
     * its start, (0, 0, 1), the ball is 0.09 rad off the camera's axis, which stretches the disc by under 1%.
     */
    private static double ballSilhouettePixels(int height, double distance) {
        double focal = height / 2.0 / Math.tan(Math.toRadians(50) / 2);
        double radius = focal * Math.tan(Math.asin(0.5 / distance));
        return Math.PI * radius * radius;
    }

    /** The "Not simulated" panel shows what GET /api/world lists: the element, where it is, its line (file:line). */
    @Test
    void theNotSimulatedPanelListsWhatTheWorldHoldsButOrreryDoesNotSimulate() {
        JsonNode unsupported = page.api("GET", "/api/world", null).get("unsupported");
        assertThat(unsupported).hasSize(1);
        JsonNode decay = unsupported.get(0);
        assertThat(decay.get("element").asText()).isEqualTo("velocity_decay");
        page.waitFor(() -> BROWSER.driver()
                .findElement(By.cssSelector("[data-testid=unsupported-panel]"))
                .isDisplayed());
        assertThat(page.text("unsupported-count")).isEqualTo("1");
        var row = BROWSER.driver().findElement(By.cssSelector("[data-testid=unsupported] tbody tr"));
        assertThat(row.getText())
                .isEqualTo("<velocity_decay> model 'gimbal' link 'bob' "
                        + decay.get("line").asInt());
        assertThat(decay.get("file").asText()).endsWith("mesh_world.sdf");
        assertThat(row.getDomAttribute("title"))
                .isEqualTo(decay.get("file").asText() + ":" + decay.get("line").asInt());
    }

    /** A universal joint's row shows both its angles and both rates, first / second, as the API gives them. */
    @Test
    void aUniversalJointsRowShowsBothAxes() {
        page.api("POST", "/api/simulation/step?count=200", null);
        JsonNode cross =
                page.api("GET", "/api/models/gimbal", null).get("joints").get(0);
        String position = String.format(
                java.util.Locale.ROOT,
                "%.3f / %.3f",
                cross.get("position").asDouble(),
                cross.get("axis2").get("position").asDouble());
        assertThat(position).doesNotContain("0.000"); // the bob hangs off the vertical: both angles move
        BROWSER.driver()
                .findElement(By.cssSelector("[data-testid=models] li[data-model='gimbal']"))
                .click();
        page.waitFor(() -> !BROWSER.driver()
                .findElements(By.cssSelector("[data-testid=model-joints]" + " tr[data-joint='cross']"))
                .isEmpty());
        page.waitFor(() -> BROWSER.driver()
                .findElement(By.cssSelector("[data-testid=model-joints]" + " tr[data-joint='cross']"))
                .getText()
                .equals("cross universal " + position + " "
                        + String.format(
                                java.util.Locale.ROOT,
                                "%.3f / %.3f",
                                cross.get("velocity").asDouble(),
                                cross.get("axis2").get("velocity").asDouble())));
    }

    /** Pixels of a lit magenta: red well above green, blue between. */
    private static int magentaPixels(BufferedImage image) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                n += r > 120 && r > g + 60 && b > g + 20 && r > b ? 1 : 0;
            }
        }
        return n;
    }
}
