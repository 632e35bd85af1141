package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The dashboard on the default world (worlds/default.sdf, the README's) with {@code orrery.api.token} set: the page
 * reads everything without the token, asks for it once when a command needs it, and the command then takes effect;
 * the pendulum's joint shows as a table row.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.status-log-interval=0s",
            "orrery.world=worlds/default.sdf",
            "orrery.api.token=" + DashboardTokenBrowserTests.TOKEN
        })
class DashboardTokenBrowserTests {

    static final String TOKEN = "dashboard-test-token";

    @RegisterExtension
    static final Browser BROWSER = new Browser(1600, 1000);

    @LocalServerPort
    int port;

    DashboardPage page;

    /** A page with a new session: the cookie the token was traded for is deleted, so the page has none. */
    @BeforeEach
    void freshPage() {
        page = new DashboardPage(BROWSER.driver(), port, TOKEN);
        JsonNode s = page.api("GET", "/api/simulation", null);
        if (s.get("paused").asBoolean()) {
            page.api("POST", "/api/simulation/resume", null);
        }
        page.open();
        BROWSER.driver().manage().deleteAllCookies();
        page.open();
        page.waitFor(() -> page.text("world-name").equals("orrery_demo"));
        page.consoleErrors(); // what an earlier page logged (a refused command's 401) is not this test's
    }

    @Test
    void readsNeedNoTokenAndAPauseAsksForItOnceThenTakesEffect() {
        // reads: the header, the models and the view, with no token given
        page.waitFor(() ->
                !BROWSER.driver().findElements(By.cssSelector("#models li")).isEmpty());
        page.waitFor(() -> ((Number) page.js("return window.orreryDashboard.view.stats().frames;")).longValue() > 0);
        assertThat(page.testid("token-bar").isDisplayed()).isFalse();
        assertThat(page.consoleErrors()).isEmpty();

        page.click("btn-pause");
        page.waitFor(() -> page.testid("token-bar").isDisplayed());
        page.screenshot("token-asked");
        assertThat(page.api("GET", "/api/simulation", null).get("paused").asBoolean())
                .as("no pause without the token")
                .isFalse();

        page.testid("token-input").sendKeys(TOKEN);
        page.click("btn-token");
        page.waitFor(
                () -> page.api("GET", "/api/simulation", null).get("paused").asBoolean());
        page.waitFor(() -> page.text("state").contains("PAUSE"));
        assertThat(page.testid("token-bar").isDisplayed()).isFalse();
        assertThat(page.testid("problem").isDisplayed())
                .as("the retried command succeeded")
                .isFalse();

        // asked once: the next command goes with the token the page kept
        page.click("btn-resume");
        page.waitFor(
                () -> !page.api("GET", "/api/simulation", null).get("paused").asBoolean());
        assertThat(page.testid("token-bar").isDisplayed()).isFalse();
    }

    @Test
    void aWrongTokenIsAskedForAgainAndTheRefusalShown() {
        page.click("btn-pause");
        page.waitFor(() -> page.testid("token-bar").isDisplayed());
        page.testid("token-input").sendKeys("not-the-token");
        page.click("btn-token");
        page.waitFor(() -> page.testid("problem").isDisplayed());
        assertThat(page.text("problem")).startsWith("401");
        assertThat(page.api("GET", "/api/simulation", null).get("paused").asBoolean())
                .isFalse();

        page.click("btn-pause"); // the page forgot the wrong token and asks again
        page.waitFor(() -> page.testid("token-bar").isDisplayed());
        page.testid("token-input").clear();
        page.testid("token-input").sendKeys(TOKEN);
        page.click("btn-token");
        page.waitFor(
                () -> page.api("GET", "/api/simulation", null).get("paused").asBoolean());
    }

    @Test
    void theSelectedModelsJointsAreATable() {
        page.waitFor(() -> !BROWSER.driver()
                .findElements(By.cssSelector("#models li[data-model=pendulum]"))
                .isEmpty());
        BROWSER.driver()
                .findElement(By.cssSelector("#models li[data-model=pendulum]"))
                .click();
        page.waitFor(() -> page.testid("model-joints").isDisplayed());
        List<String> head = page.testid("model-joints").findElements(By.cssSelector("thead th")).stream()
                .map(WebElement::getText)
                .toList();
        assertThat(head).containsExactly("joint", "type", "position", "velocity");
        page.waitFor(() -> hinge().subList(0, 2).equals(List.of("hinge", "revolute")));
        // the table follows the joint: its position as the API reads it, to the 3 decimals shown, a moment apart
        page.api("POST", "/api/simulation/pause", null);
        JsonNode joint =
                page.api("GET", "/api/models/pendulum", null).get("joints").get(0);
        String position = String.format(
                java.util.Locale.ROOT, "%.3f", joint.get("position").asDouble());
        page.waitFor(() -> hinge().get(2).equals(position));
        page.screenshot("joints");
    }

    /**
     * The hinge's row as text, read in one script: the rows are laid out again at each refresh, and a row found in one
     * call and read in the next can already be gone (a loaded browser then fails every attempt).
     */
    private List<String> hinge() {
        Object cells = page.js("return Array.from(document.querySelectorAll("
                + "\"[data-testid='model-joints'] tbody tr[data-joint=hinge] td\")).map(td => td.innerText.trim());");
        return ((List<?>) cells).stream().map(String::valueOf).toList();
    }
}
