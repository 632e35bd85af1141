package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The dashboard with {@code orrery.api.protect-reads=true}: the page loads, asks for the token before it can show
 * anything, refuses a wrong one, and with the right one shows the world, its live poses and the event log, and
 * drives it. The token is traded for an HttpOnly, SameSite=Strict cookie that no script on the page can read.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.status-log-interval=0s",
            "orrery.world=worlds/default.sdf",
            "orrery.api.token=" + DashboardProtectedReadsBrowserTests.TOKEN,
            "orrery.api.protect-reads=true"
        })
class DashboardProtectedReadsBrowserTests {

    static final String TOKEN = "protected-reads-token";

    @RegisterExtension
    static final Browser BROWSER = new Browser(1600, 1000);

    @LocalServerPort
    int port;

    @Test
    void thePageAsksForTheTokenRefusesAWrongOneThenShowsTheWorldLiveAndTheEventLog() {
        DashboardPage page = new DashboardPage(BROWSER.driver(), port, TOKEN);
        page.open();
        BROWSER.driver().manage().deleteAllCookies();
        page.open();
        page.waitFor(() -> page.testid("token-bar").isDisplayed());
        assertThat(page.text("world-name")).as("nothing read without the token").isEqualTo("…");

        page.testid("token-input").sendKeys("not-the-token");
        page.click("btn-token");
        page.waitFor(() -> page.testid("problem").isDisplayed());
        assertThat(page.text("problem")).startsWith("401");
        page.waitFor(() -> page.testid("token-bar").isDisplayed()); // asked again: the page needs its reads
        assertThat(page.text("world-name")).isEqualTo("…");
        assertThat(BROWSER.driver().manage().getCookieNamed("orrery_token"))
                .as("no cookie for a wrong token")
                .isNull();

        page.testid("token-input").sendKeys(TOKEN);
        page.click("btn-token");
        page.waitFor(() -> page.text("world-name").equals("orrery_demo"));
        assertThat(page.testid("token-bar").isDisplayed()).isFalse();
        assertThat(page.testid("problem").isDisplayed())
                .as("the refusal is gone once the token was taken")
                .isFalse();
        page.waitFor(() -> !BROWSER.driver()
                .findElements(By.cssSelector("#models li[data-model=pendulum]"))
                .isEmpty());
        // live poses: the pose stream's frames reach the view, and keep coming while the pendulum swings
        long frames = poseFrames(page);
        page.waitFor(() -> poseFrames(page) > frames + 2);
        page.waitFor(() -> page.text("liveness").equals("UP"));

        // a command, with the cookie: the event stream brings the change to the log
        page.click("btn-pause");
        page.waitFor(
                () -> page.api("GET", "/api/simulation", null).get("paused").asBoolean());
        page.waitFor(() -> page.testid("event-log").getText().contains("PAUSE"));
        page.screenshot("protected-reads");

        Cookie cookie = BROWSER.driver().manage().getCookieNamed("orrery_token");
        assertThat(cookie).isNotNull();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getSameSite()).isEqualTo("Strict");
        assertThat(cookie.getValue())
                .as("the cookie stands for the token, it is not the token")
                .doesNotContain(TOKEN);
        assertThat((String) page.js("return document.cookie;")).doesNotContain("orrery_token");
        assertThat(page.js("return JSON.stringify(sessionStorage) + JSON.stringify(localStorage);")
                        .toString())
                .doesNotContain(TOKEN);
        assertThat(page.consoleErrors()).allMatch(e -> e.contains("401"), "only the refusals before the token");
        page.api("POST", "/api/simulation/resume", null);
    }

    private static long poseFrames(DashboardPage page) {
        return ((Number) page.js("return window.orreryDashboard.view.stats().poseFrames;")).longValue();
    }
}
