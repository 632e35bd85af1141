package io.orrery.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard as the browser tests drive it: elements by {@code data-testid}, waits, screenshots under
 * {@code target/dashboard/}, the 3D view's own image, and the HTTP API beside the page to check what a click did.
 */
final class DashboardPage {

    static final Path SHOTS = Path.of("target", "dashboard");
    static final ObjectMapper JSON = new ObjectMapper();

    /** The page's clear colour behind the 3D view. */
    static final int CLEAR = 0x2b3038;

    final ChromeDriver browser;
    private final int port;
    private final String token;
    private final HttpClient http = HttpClient.newHttpClient();

    /** A page on the server at {@code port}; the API calls carry {@code token} when it is not null. */
    DashboardPage(ChromeDriver browser, int port, String token) {
        this.browser = browser;
        this.port = port;
        this.token = token;
        try {
            Files.createDirectories(SHOTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void open() {
        browser.get("http://localhost:" + port + "/");
    }

    WebElement testid(String id) {
        return browser.findElement(By.cssSelector("[data-testid='" + id + "']"));
    }

    String text(String id) {
        return testid(id).getText().strip();
    }

    void click(String id) {
        testid(id).click();
    }

    void setField(String id, String value) {
        WebElement e = testid(id);
        e.clear();
        e.sendKeys(value);
    }

    Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    /** Console messages at SEVERE since the last call. */
    List<String> consoleErrors() {
        return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    void screenshot(String name) {
        try {
            Files.write(SHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits up to 20 s; on a timeout the page is kept as a screenshot, to see what it showed instead. */
    void waitFor(BooleanSupplier condition) {
        try {
            new WebDriverWait(browser, Duration.ofSeconds(20))
                    .ignoring(RuntimeException.class)
                    .until(d -> condition.getAsBoolean());
        } catch (org.openqa.selenium.TimeoutException e) {
            screenshot("failed-" + System.currentTimeMillis());
            throw e;
        }
    }

    /** The 3D view as the page renders it now (its own PNG: the drawing buffer is not kept once shown). */
    BufferedImage viewSnapshot() {
        return decode((String) js("return window.orreryDashboard.view.snapshot();"));
    }

    /** A {@code data:image/png;base64,...} URL's image. */
    static BufferedImage decode(String url) {
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

    JsonNode api(String method, String path, String json) {
        return api(method, path, json, -1);
    }

    /** The API's answer as JSON; {@code expected} is the status it must have (any 2xx when negative). */
    JsonNode api(String method, String path, String json, int expected) {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            r.header("Authorization", "Bearer " + token);
        }
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
}
