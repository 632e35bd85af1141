package io.orrery.web;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's chromium and chromedriver, headless, with WebGL through SwiftShader. Both paths are set explicitly so
 * Selenium Manager never runs and nothing is downloaded; {@code .ci/run} installs the packages.
 */
public final class Chromium {

    static final Path BINARY = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private Chromium() {}

    /** A fresh browser with its own profile, its console kept for {@code LogType.BROWSER}. */
    public static ChromeDriver start(int width, int height) {
        if (!Files.isExecutable(BINARY) || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException("the dashboard tests need Debian's chromium and chromium-driver at "
                    + BINARY + " and " + DRIVER + ": apt-get install -y chromium chromium-driver (./test.sh does)");
        }
        Path profile;
        try {
            profile = Files.createTempDirectory("orrery-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                // WebGL without a GPU: ANGLE on SwiftShader, the software renderer chromium ships
                "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader",
                "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        options.setExperimentalOption("prefs", Map.of("credentials_enable_service", false));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER.toString()))
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }
}
