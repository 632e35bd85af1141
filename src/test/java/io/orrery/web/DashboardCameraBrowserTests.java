package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.world.sdf.GzSimWorlds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The dashboard's camera thumbnails, in real Chromium: Gazebo's diff_drive.sdf with a camera on vehicle_blue's
 * chassis looking ahead at a red box; the thumbnail shows the box, and once the vehicle is told to turn, shows it
 * leave. The image data is compared, never timings: each wait is for a condition on what the page shows.
 */
@DirtiesContext // its cameras' threads and renderers go with it
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s", "orrery.real-time-factor=1"})
class DashboardCameraBrowserTests {

    static final String CAMERA = "vehicle_blue::chassis::camera";

    /** A 96 × 72 camera at the chassis' front, looking along the vehicle's +X, ten frames a second. */
    static final String SENSOR = """
            <sensor name="camera" type="camera">
              <pose>1.1 0 0.2 0 0 0</pose>
              <update_rate>10</update_rate>
              <camera>
                <horizontal_fov>1.047</horizontal_fov>
                <image><width>96</width><height>72</height></image>
                <clip><near>0.05</near><far>50</far></clip>
              </camera>
            </sensor>
            """;

    /** A red box 4 m ahead of vehicle_blue (which starts at y = 2 facing +X). */
    static final String BOX = """
            <model name="red_box">
              <static>true</static>
              <pose>5 2 0.5 0 0 0</pose>
              <link name="link">
                <visual name="visual">
                  <geometry><box><size>1 1 1</size></box></geometry>
                  <material><ambient>1 0 0 1</ambient><diffuse>1 0 0 1</diffuse></material>
                </visual>
              </link>
            </model>
            """;

    /** The count of red pixels in the thumbnail now (red > 100, green and blue < 60), with its sim time. */
    static final String RED_PIXELS = """
            const img = document.querySelector('[data-camera="%s"] img');
            if (!img || !img.complete || !img.naturalWidth) return null;
            const c = document.createElement('canvas');
            c.width = img.naturalWidth; c.height = img.naturalHeight;
            const g = c.getContext('2d');
            g.drawImage(img, 0, 0);
            const d = g.getImageData(0, 0, c.width, c.height).data;
            let red = 0;
            for (let i = 0; i < d.length; i += 4) if (d[i] > 100 && d[i + 1] < 60 && d[i + 2] < 60) red++;
            return [red, c.width, c.height, Number(img.dataset.simTime)];
            """.formatted(CAMERA);

    @RegisterExtension
    static final Browser BROWSER = new Browser(1600, 1000);

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        Path world = withCamera();
        registry.add("orrery.worlds-dir", () -> world.getParent().toString());
        registry.add("orrery.world", world::toString);
    }

    @Test
    void theThumbnailChangesAsTheRobotTurns() {
        DashboardPage page = new DashboardPage(BROWSER.driver(), port, null);
        page.open();
        page.waitFor(() -> page.text("world-name").equals("diff_drive"));
        page.waitFor(() -> page.testid("cameras-panel").isDisplayed());
        page.waitFor(() -> red(page) != null && red(page).get(0).intValue() > 0);
        List<Number> before = red(page);
        assertThat(before.get(1).intValue()).isEqualTo(96);
        assertThat(before.get(2).intValue()).isEqualTo(72);
        // the box's face, 1 m wide 3.9 m from the camera, spans about a quarter of the 96-pixel width
        assertThat(before.get(0).intValue()).as("red pixels facing the box").isGreaterThan(200);
        page.screenshot("camera-before");

        page.api("POST", "/api/topics/model/vehicle_blue/cmd_vel", "{\"angular\": {\"z\": 1.0}}");

        // turning at 1 rad/s takes the box out of the 60° view within a second of sim time
        page.waitFor(() -> {
            List<Number> now = red(page);
            return now != null
                    && now.get(3).doubleValue() > before.get(3).doubleValue()
                    && now.get(0).intValue() == 0;
        });
        page.screenshot("camera-turned");
        page.api("POST", "/api/topics/model/vehicle_blue/cmd_vel", "{\"angular\": {\"z\": 0}}");
        assertThat(page.consoleErrors()).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static List<Number> red(DashboardPage page) {
        return (List<Number>) page.js(RED_PIXELS);
    }

    /** A copy of Gazebo's diff_drive.sdf with the camera on vehicle_blue's chassis and the red box before it. */
    private static Path withCamera() {
        try {
            String sdf = Files.readString(GzSimWorlds.folder().resolve("diff_drive.sdf"));
            String chassis = "<link name='chassis'>";
            int at = sdf.indexOf(chassis);
            assertThat(at).as("vehicle_blue's chassis in diff_drive.sdf").isPositive();
            sdf = sdf.substring(0, at + chassis.length()) + SENSOR + sdf.substring(at + chassis.length());
            sdf = sdf.replace("</world>", BOX + "</world>");
            Path dir = Files.createTempDirectory("orrery-camera").toRealPath();
            dir.toFile().deleteOnExit();
            Path world = Files.writeString(dir.resolve("diff_drive_camera.sdf"), sdf);
            world.toFile().deleteOnExit();
            return world;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
