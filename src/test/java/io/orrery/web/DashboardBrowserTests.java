package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;
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
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s", "orrery.start-paused=true"})
@Import(DashboardBrowserTests.Plugins.class)
class DashboardBrowserTests {

    static final Path SHOTS = Path.of("target", "dashboard");
    static final Path WORLDS = worldsDir();
    static final ObjectMapper JSON = new ObjectMapper();

    static ChromeDriver browser;

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

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

    @BeforeAll
    static void startBrowser() throws IOException {
        Files.createDirectories(SHOTS);
        browser = Chromium.start(1600, 1000);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    /** Each test starts on a fresh page, the world paused and reset at factor 1. */
    @BeforeEach
    void freshPage() {
        JsonNode s = api("GET", "/api/simulation", null);
        awaitApi(() -> api("GET", "/api/simulation", null).get("allowedCommands").toString().contains("reset"));
        if (!api("GET", "/api/simulation", null).get("paused").asBoolean()) {
            api("POST", "/api/simulation/pause", null);
        }
        api("POST", "/api/simulation/reset", null);
        api("PUT", "/api/simulation/real-time-factor", "{\"value\": 1}");
        browser.get("http://localhost:" + port + "/");
        waitFor(() -> text("world-name").equals("dashboard_world"));
        waitFor(() -> !browser.findElements(By.cssSelector("#models li")).isEmpty());
        consoleErrors(); // what an earlier page logged is not this test's
    }

    @Test
    void pageLoadsWithTheWorldAndNoConsoleErrors() {
        assertThat(text("world-file")).endsWith("dashboard_world.sdf");
        waitFor(() -> text("state").contains("PAUSE"));
        waitFor(() -> text("readiness").equals("UP") && text("liveness").equals("UP"));
        assertThat(modelNames()).containsExactly("ground", "box", "ball", "pillar");
        assertThat(testid("models").findElement(By.cssSelector("[data-model=pillar]")).getAttribute("class"))
                .contains("static");
        sleep(1500); // a few pose frames, stats ticks and probe polls
        assertThat(consoleErrors()).isEmpty();
        screenshot("loaded");
    }

    @Test
    void headerFollowsTheSimulationAndControlsDriveIt() {
        click("btn-resume");
        awaitApi(() -> !api("GET", "/api/simulation", null).get("paused").asBoolean());
        waitFor(() -> parse(text("sim-time")) > 0.3);
        waitFor(() -> !text("rtf-achieved").equals("–") && parse(text("rtf-achieved")) > 0);

        click("btn-pause");
        awaitApi(() -> api("GET", "/api/simulation", null).get("paused").asBoolean());
        JsonNode paused = api("GET", "/api/simulation", null);
        waitFor(() -> text("iterations").equals(paused.get("iterations").asText()));

        testid("step-count").clear();
        testid("step-count").sendKeys("250");
        click("btn-step");
        long expected = paused.get("iterations").asLong() + 250;
        awaitApi(() -> api("GET", "/api/simulation", null).get("iterations").asLong() == expected);
        waitFor(() -> text("iterations").equals(Long.toString(expected)));
        waitFor(() -> text("sim-time").equals(String.format(java.util.Locale.ROOT, "%.3f s", expected / 1000.0)));

        // As a user does: select what the field holds and type over it (a status refresh may land in between).
        testid("rtf-input").sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"), "2.5");
        click("btn-rtf");
        awaitApi(() -> api("GET", "/api/simulation", null).get("realTimeFactor").asDouble() == 2.5);
        waitFor(() -> text("rtf-target").equals("2.50"));

        click("btn-reset");
        awaitApi(() -> api("GET", "/api/simulation", null).get("iterations").asLong() == 0);
        waitFor(() -> text("iterations").equals("0"));
        waitFor(() -> text("event-log").contains("reset of dashboard_world"));
        screenshot("controls");
        assertThat(consoleErrors()).isEmpty();
    }

    @Test
    void aRefusedCommandShowsTheProblemDetail() {
        waitFor(() -> text("state").contains("PAUSE"));
        click("btn-pause"); // already paused: 409
        waitFor(() -> testid("problem").isDisplayed());
        String detail = api("POST", "/api/simulation/pause", null, 409).get("detail").asText();
        assertThat(text("problem")).startsWith("409: ").contains(detail);
        screenshot("refused");
    }

    @Test
    void aFailedPluginShowsItsReason() {
        waitFor(() -> testid("plugins").getText().contains(FailingStartPlugin.REASON));
        WebElement row = browser.findElement(By.cssSelector("[data-testid='plugin-broken']"));
        assertThat(row.getText()).contains("FAILED").contains("orrery-test-failing-start").contains("world");
        assertThat(text("plugins-progress")).matches("(all )?\\d+( of \\d+)? started");
        waitFor(() -> text("event-log").contains("plugin broken failed"));
    }

    @Test
    void aModelClickedInTheListShowsItsPoseAndATeleportMovesIt() {
        browser.findElement(By.cssSelector("#models li[data-model=ball]")).click();
        waitFor(() -> testid("model-panel").isDisplayed() && text("model-name").equals("ball"));
        waitFor(() -> text("model-pose").startsWith("xyz (1.000, 0.500, 0.300)"));
        assertThat(text("model-static")).isEqualTo("no");

        setField("tp-x", "-2");
        setField("tp-y", "1.5");
        setField("tp-z", "0.75");
        setField("tp-yaw", "0.5");
        click("btn-teleport");
        awaitApi(() -> Math.abs(api("GET", "/api/models/ball", null).get("pose").get("x").asDouble() + 2) < 1e-6);
        JsonNode pose = api("GET", "/api/models/ball", null).get("pose");
        assertThat(pose.get("y").asDouble()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(pose.get("z").asDouble()).isCloseTo(0.75, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(pose.get("yaw").asDouble()).isCloseTo(0.5, org.assertj.core.data.Offset.offset(1e-6));
        waitFor(() -> text("model-pose").startsWith("xyz (-2.000, 1.500, 0.750)"));
        // the 3D view got the teleport through the pose stream: the ball's link (index 2) is there too
        waitFor(() -> {
            List<?> link = (List<?>) js("return window.orreryDashboard.view.linkPose(2);");
            return Math.abs(((Number) link.get(0)).doubleValue() + 2) < 0.002;
        });
        screenshot("model");

        click("btn-static");
        awaitApi(() -> api("GET", "/api/models/ball", null).get("static").asBoolean());
        waitFor(() -> text("model-static").equals("yes"));
        api("PUT", "/api/models/ball/static", "{\"value\": false}");
    }

    @Test
    void theCanvasShowsTheWorld() {
        waitFor(() -> ((Number) js("return window.orreryDashboard.view.stats().frames;")).longValue() > 0);
        // the share of pixels that differ from the clear colour (the grid, the plane and the shapes), and the colours
        BufferedImage image = viewSnapshot();
        int drawn = 0;
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                if (distance(rgb, CLEAR) > 12) {
                    drawn++;
                }
                colours.add(rgb);
            }
        }
        assertThat(drawn / (double) (image.getWidth() * image.getHeight())).as("share of drawn pixels")
                .isGreaterThan(0.05);
        assertThat(colours.size()).as("distinct colours").isGreaterThan(10);
        // a click on the box in the view selects it: project its centre to the screen and click there
        waitFor(() -> ((Number) js("return window.orreryDashboard.view.stats().instances;")).intValue() == 3);
        screenshot("view");
    }

    // ---- helpers -------------------------------------------------------------------------------------------------

    /** The page's clear colour behind the 3D view. */
    static final int CLEAR = 0x2b3038;

    /** The 3D view as the page renders it now (its own PNG: the drawing buffer is not kept once shown). */
    private BufferedImage viewSnapshot() {
        String url = (String) js("return window.orreryDashboard.view.snapshot();");
        byte[] png = Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1));
        try {
            return ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sum of the channels' absolute differences. */
    static int distance(int rgb, int other) {
        int d = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            d += Math.abs(((rgb >> shift) & 0xff) - ((other >> shift) & 0xff));
        }
        return d;
    }

    private WebElement testid(String id) {
        return browser.findElement(By.cssSelector("[data-testid='" + id + "']"));
    }

    private String text(String id) {
        return testid(id).getText().strip();
    }

    private void click(String id) {
        testid(id).click();
    }

    private void setField(String id, String value) {
        WebElement e = testid(id);
        e.clear();
        e.sendKeys(value);
    }

    private List<String> modelNames() {
        return browser.findElements(By.cssSelector("#models li")).stream().map(e -> e.getAttribute("data-model"))
                .toList();
    }

    private Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private static double parse(String text) {
        try {
            return Double.parseDouble(text.replace(" s", "").replace("–", "NaN"));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Console messages at SEVERE since the last call. */
    private static List<String> consoleErrors() {
        return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).map(LogEntry::getMessage).toList();
    }

    private static void screenshot(String name) {
        try {
            Files.write(SHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) {
        try {
            new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(RuntimeException.class)
                    .until(d -> condition.getAsBoolean());
        } catch (org.openqa.selenium.TimeoutException e) {
            screenshot("failed-" + System.currentTimeMillis()); // what the page showed instead
            throw e;
        }
    }

    private static void awaitApi(java.util.function.BooleanSupplier condition) {
        waitFor(condition);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private JsonNode api(String method, String path, String json) {
        return api(method, path, json, -1);
    }

    /** The API's answer as JSON; {@code expected} is the status it must have (any 2xx when negative). */
    private JsonNode api(String method, String path, String json, int expected) {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        try {
            HttpResponse<String> answer = http.send(r.build(), HttpResponse.BodyHandlers.ofString());
            if (expected < 0 ? answer.statusCode() / 100 != 2 : answer.statusCode() != expected) {
                throw new AssertionError(method + " " + path + ": " + answer.statusCode() + " " + answer.body());
            }
            return answer.body().isEmpty() ? JSON.nullNode() : JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
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
