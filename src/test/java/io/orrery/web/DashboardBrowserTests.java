package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.api.ControlClient;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The dashboard in a real browser (headless chromium through Selenium) against the real application on a random
 * port: every command is made by clicking in the page and checked through the HTTP API. Screenshots of the main
 * states go to {@code target/dashboard/}.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s", "orrery.start-paused=true"})
@Import(DashboardBrowserTests.Plugins.class)
class DashboardBrowserTests {

    static final Path WORLDS = worldsDir();

    @RegisterExtension
    static final Browser BROWSER = new Browser(1600, 1000);

    @LocalServerPort
    int port;

    DashboardPage page;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS::toString);
        registry.add("orrery.world", () -> WORLDS.resolve("dashboard_world.sdf").toString());
    }

    private static Path worldsDir() {
        try (InputStream in = DashboardBrowserTests.class.getResourceAsStream("/worlds/dashboard_world.sdf")) {
            Path dir = Files.createTempDirectory("orrery-dashboard-worlds");
            Files.copy(in, dir.resolve("dashboard_world.sdf"), StandardCopyOption.REPLACE_EXISTING);
            return dir.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Each test starts on a fresh page, the world paused and reset at factor 1. */
    @BeforeEach
    void freshPage() {
        page = new DashboardPage(BROWSER.driver(), port, null);
        waitFor(() -> api("GET", "/api/simulation", null)
                .get("allowedCommands")
                .toString()
                .contains("reset"));
        if (!api("GET", "/api/simulation", null).get("paused").asBoolean()) {
            api("POST", "/api/simulation/pause", null);
        }
        api("POST", "/api/simulation/reset", null);
        api("PUT", "/api/simulation/real-time-factor", "{\"value\": 1}");
        page.open();
        waitFor(() -> text("world-name").equals("dashboard_world"));
        waitFor(() ->
                !BROWSER.driver().findElements(By.cssSelector("#models li")).isEmpty());
        page.consoleErrors(); // what an earlier page logged is not this test's
    }

    @Test
    void pageLoadsWithTheWorldAndNoConsoleErrors() {
        assertThat(text("world-file")).endsWith("dashboard_world.sdf");
        waitFor(() -> text("state").contains("PAUSE"));
        waitFor(() -> text("readiness").equals("UP") && text("liveness").equals("UP"));
        assertThat(modelNames()).containsExactly("ground", "box", "ball", "pillar");
        assertThat(testid("models")
                        .findElement(By.cssSelector("[data-model=pillar]"))
                        .getDomAttribute("class"))
                .contains("static");
        sleep(1500); // a few pose frames, stats ticks and probe polls
        assertThat(page.consoleErrors()).isEmpty();
        page.screenshot("loaded");
    }

    @Test
    void headerFollowsTheSimulationAndControlsDriveIt() {
        click("btn-resume");
        waitFor(() -> !api("GET", "/api/simulation", null).get("paused").asBoolean());
        waitFor(() -> parse(text("sim-time")) > 0.3);
        waitFor(() -> !text("rtf-achieved").equals("–") && parse(text("rtf-achieved")) > 0);

        click("btn-pause");
        waitFor(() -> api("GET", "/api/simulation", null).get("paused").asBoolean());
        JsonNode paused = api("GET", "/api/simulation", null);
        waitFor(() -> text("iterations").equals(paused.get("iterations").asText()));

        testid("step-count").clear();
        testid("step-count").sendKeys("250");
        click("btn-step");
        long expected = paused.get("iterations").asLong() + 250;
        waitFor(() -> api("GET", "/api/simulation", null).get("iterations").asLong() == expected);
        waitFor(() -> text("iterations").equals(Long.toString(expected)));
        waitFor(() -> text("sim-time").equals(String.format(java.util.Locale.ROOT, "%.3f s", expected / 1000.0)));
        waitFor(() -> text("event-log")
                .contains(String.format(java.util.Locale.ROOT, "250 steps to %.3f s", expected / 1000.0)));

        // As a user does: select what the field holds and type over it (a status refresh may land in between).
        testid("rtf-input").sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"), "2.5");
        click("btn-rtf");
        waitFor(() -> api("GET", "/api/simulation", null).get("realTimeFactor").asDouble() == 2.5);
        waitFor(() -> text("rtf-target").equals("2.50"));

        click("btn-reset");
        waitFor(() -> api("GET", "/api/simulation", null).get("iterations").asLong() == 0);
        waitFor(() -> text("iterations").equals("0"));
        waitFor(() -> text("event-log").contains("reset of dashboard_world"));
        page.screenshot("controls");
        assertThat(page.consoleErrors()).isEmpty();
    }

    @Test
    void theSystemsTableShowsWhatRunsInOrderWithItsTimeAsTheApiDoes() {
        click("btn-resume");
        // Timings appear once the runner has closed a one-second window with the world running.
        waitFor(() -> api("GET", "/api/systems", null).get("windowSeconds").asDouble() > 0);
        waitFor(() -> !text("systems-window").isEmpty());
        click("btn-pause");
        waitFor(() -> api("GET", "/api/simulation", null).get("paused").asBoolean());
        JsonNode view = api("GET", "/api/systems", null);
        // The table is redrawn every second: read it whole, at one moment, rather than cell by cell.
        waitFor(() -> !rowsShown().isEmpty());
        Map<String, List<String>> shown = rowsShown();
        int rows = 0;
        for (JsonNode phase : view.get("phases")) {
            for (JsonNode system : phase.get("systems")) {
                String id = "system-" + phase.get("phase").asText() + "-"
                        + system.get("order").asText();
                List<String> cells = shown.get(id);
                assertThat(cells).as(id + " in " + shown).isNotNull();
                assertThat(cells.get(1))
                        .as(id)
                        .startsWith(system.get("name").asText())
                        .contains(system.get("origin").get("description").asText());
                assertThat(cells.get(2)).isEqualTo(system.get("priority").asText());
                assertThat(cells.get(3)).isEqualTo(system.get("prioritySource").asText());
                rows++;
            }
        }
        assertThat(rows)
                .as("physics and the sensors at least")
                .isGreaterThanOrEqualTo(2)
                .isEqualTo(shown.size());
        List<String> physics = shown.get("system-Update-1");
        assertThat(physics.get(1)).startsWith("physics").contains("built-in");
        assertThat(parse(physics.get(4))).as("physics' mean time, µs").isPositive();
        assertThat(parse(physics.get(5))).as("physics' p99 time, µs").isPositive();
        page.screenshot("systems");
        assertThat(page.consoleErrors()).isEmpty();
    }

    /** A run-to started here shows done of all, elapsed and the time left; a pause ends it. */
    @Test
    void aRunToShowsItsProgressUntilItEnds() {
        waitFor(() -> text("state").contains("PAUSE"));
        assertThat(testid("work").isDisplayed()).isFalse();
        testid("run-to").clear();
        testid("run-to").sendKeys("600");
        click("btn-run-to");

        // at factor 1, 600 s of sim time take 10 minutes: the page shows how far it is long before
        waitFor(() -> text("work").matches("\\d+\\.\\d{3} s / \\d+\\.\\d{3} s · [0-9.]+ s · about .+ left"));
        assertThat(text("work-kind")).isEqualTo("run to");
        page.screenshot("run-to-progress");
        click("btn-pause");
        waitFor(() -> !testid("work").isDisplayed());
        assertThat(page.consoleErrors()).isEmpty();
    }

    /**
     * A world far below its target says why: at a target of 1000 a 1 ms step would have to compute in a microsecond,
     * which no machine does, so the hint names the step's compute time, what that allows and the heaviest system.
     */
    @Test
    void aWorldFarBelowItsTargetSaysWhy() {
        api("PUT", "/api/simulation/real-time-factor", "{\"value\": 1000}");
        waitFor(() -> text("rtf-target").equals("1000.00"));
        assertThat(testid("pace-hint").isDisplayed()).isFalse();
        click("btn-resume");

        // the heaviest system is named once the systems' first second with the world running has closed
        waitFor(() -> testid("pace-hint").isDisplayed() && text("pace-hint").contains(" ms of it."));
        assertThat(text("pace-hint"))
                .startsWith("Below its target: a step takes ")
                .contains("ms to compute for 1.00 ms of sim time, so this machine runs it at most ")
                .contains("× real time; ")
                .contains(" ms of it.");
        page.screenshot("pace-hint");
        click("btn-pause");
        waitFor(() -> !testid("pace-hint").isDisplayed());
        assertThat(page.consoleErrors()).isEmpty();
    }

    @Test
    void aRefusedCommandShowsTheProblemDetail() {
        waitFor(() -> text("state").contains("PAUSE"));
        click("btn-pause"); // already paused: 409
        waitFor(() -> testid("problem").isDisplayed());
        String detail = page.api("POST", "/api/simulation/pause", null, 409)
                .get("detail")
                .asText();
        assertThat(text("problem")).startsWith("409: ").contains(detail);
        page.screenshot("refused");
    }

    @Test
    void aControllerHoldingTheSimulationIsNamedAndOnlyStopStaysOpen() throws Exception {
        waitFor(() -> text("state").contains("PAUSE"));
        assertThat(BROWSER.driver().findElement(By.id("controller-box")).isDisplayed())
                .isFalse();
        try (ControlClient controller = ControlClient.connect(port)) {
            String holder =
                    controller.call(controller.request("acquire")).get("holder").asText();
            waitFor(() -> text("controller").equals(holder));
            for (String button : List.of("btn-resume", "btn-step", "btn-reset", "btn-reload")) {
                waitFor(() -> testid(button).getDomAttribute("class").contains("not-allowed"));
            }
            click("btn-resume"); // refused while held: the problem names the holder
            waitFor(() -> testid("problem").isDisplayed());
            assertThat(text("problem")).startsWith("409: ").contains(holder);
            page.screenshot("held");
        }
        // the connection closed: the hold is let go, the world stays paused and the controls open again
        waitFor(() -> !BROWSER.driver().findElement(By.id("controller-box")).isDisplayed());
        waitFor(() -> !testid("btn-resume").getDomAttribute("class").contains("not-allowed"));
        assertThat(api("GET", "/api/simulation", null).get("paused").asBoolean())
                .isTrue();
    }

    @Test
    void aFailedPluginShowsItsReason() {
        waitFor(() -> testid("plugins").getText().contains(FailingStartPlugin.REASON));
        WebElement row = BROWSER.driver().findElement(By.cssSelector("[data-testid='plugin-broken']"));
        assertThat(row.getText())
                .contains("FAILED")
                .contains("orrery-test-failing-start")
                .contains("world");
        assertThat(text("plugins-progress")).matches("(all )?\\d+( of \\d+)? started");
        waitFor(() -> text("event-log").contains("plugin broken failed"));
    }

    @Test
    void aModelClickedInTheListShowsItsPoseAndATeleportMovesIt() {
        BROWSER.driver()
                .findElement(By.cssSelector("#models li[data-model=ball]"))
                .click();
        waitFor(() -> testid("model-panel").isDisplayed() && text("model-name").equals("ball"));
        waitFor(() -> text("model-pose").startsWith("xyz (1.000, 0.500, 0.300)"));
        assertThat(text("model-static")).isEqualTo("no");

        page.setField("tp-x", "-2");
        page.setField("tp-y", "1.5");
        page.setField("tp-z", "0.75");
        page.setField("tp-yaw", "0.5");
        click("btn-teleport");
        waitFor(() -> Math.abs(api("GET", "/api/models/ball", null)
                                .get("pose")
                                .get("x")
                                .asDouble()
                        + 2)
                < 1e-6);
        JsonNode pose = api("GET", "/api/models/ball", null).get("pose");
        assertThat(pose.get("y").asDouble()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(pose.get("z").asDouble()).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(pose.get("yaw").asDouble()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-6));
        waitFor(() -> text("model-pose").startsWith("xyz (-2.000, 1.500, 0.750)"));
        // the 3D view got the teleport through the pose stream: the ball's link (index 2) is there too
        waitFor(() -> {
            List<?> link = (List<?>) page.js("return window.orreryDashboard.view.linkPose(2);");
            return Math.abs(((Number) link.get(0)).doubleValue() + 2) < 0.002;
        });
        page.screenshot("model");

        click("btn-static");
        waitFor(() -> api("GET", "/api/models/ball", null).get("static").asBoolean());
        waitFor(() -> text("model-static").equals("yes"));
        api("PUT", "/api/models/ball/static", "{\"value\": false}");
    }

    @Test
    void theCanvasShowsTheWorldAndAClickInItSelectsAModel() {
        waitFor(() -> ((Number) page.js("return window.orreryDashboard.view.stats().frames;")).longValue() > 0);
        // the share of pixels that differ from the clear colour (the grid, the plane and the shapes), and the colours
        BufferedImage image = page.viewSnapshot();
        int drawn = 0;
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                if (DashboardPage.distance(rgb, DashboardPage.CLEAR) > 12) {
                    drawn++;
                }
                colours.add(rgb);
            }
        }
        assertThat(drawn / (double) (image.getWidth() * image.getHeight()))
                .as("share of drawn pixels")
                .isGreaterThan(0.05);
        assertThat(colours.size()).as("distinct colours").isGreaterThan(10);
        // a click on the ball in the view selects it: its centre projected to the canvas, clicked there
        waitFor(() -> ((Number) page.js("return window.orreryDashboard.view.stats().instances;")).intValue() == 3);
        WebElement canvas = testid("view3d");
        List<?> at = (List<?>) page.js("return window.orreryDashboard.view.screenOf('ball');");
        int dx = (int)
                Math.round(((Number) at.get(0)).doubleValue() - canvas.getRect().getWidth() / 2.0);
        int dy = (int)
                Math.round(((Number) at.get(1)).doubleValue() - canvas.getRect().getHeight() / 2.0);
        new Actions(BROWSER.driver()).moveToElement(canvas, dx, dy).click().perform();
        waitFor(() -> testid("model-panel").isDisplayed() && text("model-name").equals("ball"));
        page.screenshot("view");
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    private WebElement testid(String id) {
        return page.testid(id);
    }

    private String text(String id) {
        return page.text(id);
    }

    private void click(String id) {
        page.click(id);
    }

    private void waitFor(BooleanSupplier condition) {
        page.waitFor(condition);
    }

    private JsonNode api(String method, String path, String json) {
        return page.api(method, path, json);
    }

    private List<String> modelNames() {
        return BROWSER.driver().findElements(By.cssSelector("#models li")).stream()
                .map(e -> e.getDomAttribute("data-model"))
                .toList();
    }

    /** The systems table's rows by test id, each its cells' texts, read in one script. */
    @SuppressWarnings("unchecked")
    private Map<String, List<String>> rowsShown() {
        List<List<String>> rows = (List<List<String>>) ((org.openqa.selenium.JavascriptExecutor) BROWSER.driver())
                .executeScript("return [...document.querySelectorAll('#systems tbody tr[data-testid]')]"
                        + ".map(tr => [tr.dataset.testid, ...[...tr.cells].map(td => td.innerText)])");
        Map<String, List<String>> byId = new java.util.LinkedHashMap<>();
        rows.forEach(r -> byId.put(r.get(0), r.subList(1, r.size())));
        return byId;
    }

    private static double parse(String text) {
        try {
            return Double.parseDouble(text.replace(" s", "").replace("–", "NaN"));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Plugins {
        @Bean
        @Scope("prototype")
        FailingStartPlugin failingStartPlugin() {
            return new FailingStartPlugin();
        }
    }
}
