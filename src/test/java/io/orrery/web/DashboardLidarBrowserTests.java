package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.orrery.world.sdf.GzSimWorlds;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The dashboard on Gazebo's cpu_lidar_sensor.sdf (a 640-ray lidar among a box and a cylinder): the view draws the
 * scan's hit points, and the topics panel lays the scan out as keys and values stamped with its sim time. The
 * world is paused before comparing, so the page and the API see the same latest scan.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s"})
class DashboardLidarBrowserTests {

    static final String TOPIC = "/cpu_lidar";

    /** The view's lidar colour. */
    static final int LIDAR = 0xff3b30;

    @RegisterExtension
    static final Browser BROWSER = new Browser(1600, 1000);

    @LocalServerPort
    int port;

    DashboardPage page;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add(
                "orrery.world",
                () -> GzSimWorlds.folder().resolve("cpu_lidar_sensor.sdf").toString());
    }

    /** A fresh page on the running world, which is paused once the page has a scan. */
    @BeforeEach
    void pausedWithAScan() {
        page = new DashboardPage(BROWSER.driver(), port, null);
        if (page.api("GET", "/api/simulation", null).get("paused").asBoolean()) {
            page.api("POST", "/api/simulation/resume", null);
        }
        page.open();
        page.waitFor(() -> page.text("world-name").equals("cpu_lidar_demo"));
        page.waitFor(() -> lidarPoints() > 0);
        page.api("POST", "/api/simulation/pause", null);
        page.consoleErrors();
    }

    @Test
    void theLidarsHitPointsAreDrawn() {
        int hits = finiteRanges(page.api("GET", "/api/topics" + TOPIC, null));
        assertThat(hits)
                .as("rays that hit the box and the cylinder")
                .isGreaterThan(0)
                .isLessThan(640);
        // the last scan before the pause reaches the page at the stream's next sample
        page.waitFor(() -> lidarPoints() == hits);
        page.waitFor(() -> page.text("lidar-points").startsWith(hits + " lidar points"));

        int withScan = lidarPixels(page.viewSnapshot());
        BufferedImage without = DashboardPage.decode((String) page.js(
                "const v = window.orreryDashboard.view; v.setScan('" + TOPIC + "', null);" + " return v.snapshot();"));
        assertThat(withScan).as("lidar-red pixels with the scan drawn").isPositive();
        assertThat(lidarPixels(without))
                .as("lidar-red pixels once the scan is taken away")
                .isZero();
        page.screenshot("lidar");
        assertThat(page.consoleErrors()).isEmpty();
    }

    @Test
    void theTopicsPanelShowsTheLatestScanLaidOutWithItsSimTime() {
        JsonNode scan = page.api("GET", "/api/topics" + TOPIC, null);
        JsonNode stamp = scan.get("header").get("stamp");
        String time = String.format(
                java.util.Locale.ROOT,
                "t = %.3f s",
                stamp.get("sec").asLong() + stamp.get("nsec").asLong() / 1e9);
        WebElement topic =
                BROWSER.driver().findElement(By.cssSelector("[data-testid=topic-list] li[data-topic='" + TOPIC + "']"));
        page.waitFor(() -> topic.findElement(By.cssSelector("[data-testid=topic-stamp]"))
                .getText()
                .equals(time));
        assertThat(topic.findElement(By.tagName("summary")).getText())
                .contains(TOPIC)
                .contains("gz.msgs.LaserScan");

        WebElement message = topic.findElement(By.cssSelector("[data-testid=topic-message]"));
        assertThat(row(message, "count")).isEqualTo("640");
        assertThat(row(message, "frame")).isEqualTo(scan.get("frame").asText());
        int hits = finiteRanges(scan);
        assertThat(row(message, "ranges")).startsWith("640 values, min ").endsWith(", " + (640 - hits) + " not finite");
        assertThat(row(message, "position"))
                .isEqualTo(String.format(
                        java.util.Locale.ROOT,
                        "x %s, y %s, z %s",
                        number(scan, "x"),
                        number(scan, "y"),
                        number(scan, "z")));
        assertThat(message.getText())
                .as("laid out, not raw JSON")
                .doesNotContain("{")
                .doesNotContain("\"");
        page.screenshot("topics");
    }

    private static String number(JsonNode scan, String axis) {
        double v = scan.get("worldPose").get("position").get(axis).asDouble();
        return String.valueOf(Double.parseDouble(String.format(java.util.Locale.ROOT, "%.4f", v)))
                .replaceAll("\\.0$", "");
    }

    /** The text beside {@code key} in the message table (the first such row). */
    private static String row(WebElement message, String key) {
        for (WebElement tr : message.findElements(By.tagName("tr"))) {
            if (tr.findElement(By.tagName("th")).getText().equals(key)) {
                return tr.findElement(By.tagName("td")).getText();
            }
        }
        throw new AssertionError("no row '" + key + "' in " + message.getText());
    }

    private int lidarPoints() {
        return ((Number) page.js("return window.orreryDashboard.view.stats().lidarPoints;")).intValue();
    }

    private static int finiteRanges(JsonNode scan) {
        int n = 0;
        for (JsonNode r : scan.get("ranges")) {
            n += r.isNumber() ? 1 : 0; // a ray that meets nothing reads "Infinity"
        }
        return n;
    }

    /** Pixels of the lidar's red, within a small distance (the points are drawn opaque in that colour). */
    private static int lidarPixels(BufferedImage image) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += DashboardPage.distance(image.getRGB(x, y) & 0xffffff, LIDAR) <= 6 ? 1 : 0;
            }
        }
        return n;
    }
}
