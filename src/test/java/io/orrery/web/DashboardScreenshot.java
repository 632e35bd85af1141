package io.orrery.web;

import io.orrery.OrreryApplication;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Takes the README's screenshot: the dashboard on worlds/default.sdf a few seconds after the start, in headless
 * chromium, with gz-transport off. {@code ./mvnw -q test-compile exec:java@screenshot -Dexec.args=docs/dashboard.png}
 */
public final class DashboardScreenshot {

    private DashboardScreenshot() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/dashboard.png");
        ConfigurableApplicationContext app = SpringApplication.run(
                OrreryApplication.class,
                "--server.port=0",
                "--orrery.world=worlds/default.sdf",
                "--orrery.status-log-interval=0s",
                "--orrery.transport.enabled=false", // no discovery traffic from a picture
                "--logging.level.root=WARN");
        ChromeDriver browser = Chromium.start(1600, 900);
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            browser.get("http://localhost:" + port + "/");
            Thread.sleep(6000); // the shapes have fallen, the plot has a few seconds
            browser.findElement(org.openqa.selenium.By.cssSelector("#models li[data-model=pendulum]"))
                    .click();
            Thread.sleep(1500);
            Files.createDirectories(out.toAbsolutePath().getParent());
            Files.write(out, browser.getScreenshotAs(OutputType.BYTES));
            System.out.println("wrote " + out);
        } finally {
            browser.quit();
            app.close();
        }
    }
}
