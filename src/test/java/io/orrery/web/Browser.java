package io.orrery.web;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * One headless Chromium for a test class, started before its first test and quit after its last:
 * {@code @RegisterExtension static final Browser BROWSER = new Browser(1600, 1000);}.
 */
final class Browser implements BeforeAllCallback, AfterAllCallback {

    private final int width;
    private final int height;
    private ChromeDriver driver;

    Browser(int width, int height) {
        this.width = width;
        this.height = height;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        driver = Chromium.start(width, height);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (driver != null) {
            driver.quit();
            driver = null;
        }
    }

    /** The running browser. */
    ChromeDriver driver() {
        if (driver == null) {
            throw new IllegalStateException("the browser runs only between the class's first and last test");
        }
        return driver;
    }
}
