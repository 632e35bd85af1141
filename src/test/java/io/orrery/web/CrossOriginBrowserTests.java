package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * With no token (the default), a page of another origin cannot drive the server through the visitor's browser (a
 * cross-site request forgery), while the dashboard on the server's own origin still can. The other origin is the
 * same server reached as {@code 127.0.0.1} instead of {@code localhost}: to the browser a different site's page,
 * whose requests carry {@code Origin: http://127.0.0.1:<port>}.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.status-log-interval=0s", "orrery.world=worlds/default.sdf"})
class CrossOriginBrowserTests {

    @RegisterExtension
    static final Browser BROWSER = new Browser(1600, 1000);

    @LocalServerPort
    int port;

    @Test
    void anotherOriginsPageCannotPauseTheSimulationNorOpenTheControlSocketWhileTheDashboardCan() {
        DashboardPage page = new DashboardPage(BROWSER.driver(), port, null);
        page.open();
        page.waitFor(() -> page.text("world-name").equals("orrery_demo"));
        page.waitFor(
                () -> page.text("state").contains("RUN") || page.text("state").contains("STEP"));

        // the dashboard, on the server's own origin: its commands go through
        page.click("btn-pause");
        page.waitFor(() -> paused(page));
        page.click("btn-resume");
        page.waitFor(() -> !paused(page));
        assertThat(page.testid("problem").isDisplayed()).isFalse();

        // another origin's page: a fetch the browser sends (no-cors: it cannot read the answer, it need not)
        BROWSER.driver().get("http://127.0.0.1:" + port + "/dashboard/probes");
        String target = "http://localhost:" + port;
        Object fetched = page.browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "fetch('" + target + "/api/simulation/pause', {method: 'POST', mode: 'no-cors'})"
                + ".then(() => done('sent'), e => done('failed: ' + e));");
        assertThat(fetched).isEqualTo("sent");
        Object socket = page.browser.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "const ws = new WebSocket('ws://localhost:" + port + "/api/control');"
                + "ws.onopen = () => { ws.close(); done('opened'); }; ws.onerror = () => done('refused');");
        assertThat(socket).isEqualTo("refused");
        assertThat(paused(page)).as("the foreign page's fetch paused nothing").isFalse();

        // a form posted to the server, the oldest way: the browser shows the refusal instead
        page.js("const f = document.createElement('form'); f.method = 'POST';" + "f.action = '" + target
                + "/api/simulation/pause'; document.body.append(f); f.submit();");
        page.waitFor(() -> BROWSER.driver().getCurrentUrl().startsWith(target));
        page.waitFor(() -> BROWSER.driver().getPageSource().contains("orrery.api.allowed-origins"));
        assertThat(BROWSER.driver().getPageSource()).contains("http://127.0.0.1:" + port);
        assertThat(paused(page)).as("the foreign page's form paused nothing").isFalse();
    }

    private static boolean paused(DashboardPage page) {
        return page.api("GET", "/api/simulation", null).get("paused").asBoolean();
    }
}
