package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The dashboard at 1400×900 on Gazebo's diff_drive.sdf, whose 16 friction details fill the "Not simulated" panel, with
 * vehicle_blue (joints and wheel shapes) selected. Layout facts that hold whatever the fonts measure: no column
 * overflows (no scrollbar of its own, no page scrollbar), nothing scrolls sideways, no table is wider than its panel
 * (no column cut off), and every side panel's heading is on the screen, with the long list folded and unfolded.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.status-log-interval=0s",
            "orrery.start-paused=true",
            "orrery.world=worlds/gazebo/diff_drive.sdf",
            "orrery.worlds-dir=worlds/gazebo"
        })
class DashboardLayoutBrowserTests {

    @RegisterExtension
    static final Browser BROWSER = new Browser(1400, 900);

    @LocalServerPort
    int port;

    @Test
    void atLaptopSizeNothingOverflowsAndEveryPanelHeadingIsOnScreen() {
        DashboardPage page = new DashboardPage(BROWSER.driver(), port, null);
        page.open();
        page.waitFor(() -> page.text("world-name").equals("diff_drive"));
        page.waitFor(() -> page.testid("unsupported-panel").isDisplayed());
        page.waitFor(() -> !page.browser
                .findElements(By.cssSelector("#models li[data-model=vehicle_blue]"))
                .isEmpty());
        page.browser
                .findElement(By.cssSelector("#models li[data-model=vehicle_blue]"))
                .click();
        page.waitFor(() -> page.testid("model-joints").isDisplayed()
                && page.testid("model-shapes").isDisplayed());
        page.waitFor(() ->
                !page.browser.findElements(By.cssSelector("#systems tbody tr")).isEmpty());
        page.screenshot("layout-1400x900");

        assertThat(page.testid("unsupported-body").isDisplayed())
                .as("16 rows start folded")
                .isFalse();
        assertLaidOut(page, "folded");

        page.click("unsupported-toggle");
        page.waitFor(() -> page.testid("unsupported-body").isDisplayed());
        page.screenshot("layout-1400x900-unfolded");
        assertLaidOut(page, "unfolded");
        assertThat(page.consoleErrors()).isEmpty();
    }

    private static void assertLaidOut(DashboardPage page, String when) {
        @SuppressWarnings("unchecked")
        Map<String, Object> facts = (Map<String, Object>) page.js("""
                const viewport = { w: document.documentElement.clientWidth, h: document.documentElement.clientHeight };
                const overflowing = [];
                const over = (el, name) => {
                  if (el.scrollWidth > el.clientWidth + 1) overflowing.push(name + ' is wider than its box: '
                      + el.scrollWidth + ' > ' + el.clientWidth);
                  if (el.scrollHeight > el.clientHeight + 1) overflowing.push(name + ' is taller than its box: '
                      + el.scrollHeight + ' > ' + el.clientHeight);
                };
                over(document.documentElement, 'the page');
                for (const id of ['left', 'center', 'right']) over(document.getElementById(id), '#' + id);
                // a panel's own scrolling area may scroll down, never sideways
                for (const el of document.querySelectorAll('#left .scroll, #right .scroll, #left .list, #right .list')) {
                  if (el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) {
                    overflowing.push((el.id || el.className) + ' scrolls sideways: ' + el.scrollWidth + ' > '
                        + el.clientWidth);
                  }
                }
                const cut = [];
                for (const table of document.querySelectorAll('#left table, #right table')) {
                  if (table.offsetParent === null) continue; // hidden
                  const panel = table.closest('.panel').getBoundingClientRect();
                  const box = table.getBoundingClientRect();
                  if (box.right > panel.right + 1 || box.left < panel.left - 1) {
                    cut.push((table.id || table.dataset.testid || table.className) + ' spans ' + box.left + '..'
                        + box.right + ' in a panel of ' + panel.left + '..' + panel.right);
                  }
                }
                const offScreen = [];
                for (const h of document.querySelectorAll('#left .panel > h2, #right .panel > h2')) {
                  if (h.offsetParent === null) continue;
                  const box = h.getBoundingClientRect();
                  if (box.bottom > viewport.h || box.top < 0) offScreen.push(h.textContent.trim() + ' at ' + box.top);
                }
                return { viewport, overflowing, cut, offScreen };
                """);
        @SuppressWarnings("unchecked")
        Map<String, Number> viewport = (Map<String, Number>) facts.get("viewport");
        assertThat(viewport.get("w").intValue())
                .as("the page's width in a 1400 px window")
                .isBetween(1300, 1400);
        assertThat(viewport.get("h").intValue())
                .as("the page's height in a 900 px window")
                .isBetween(700, 900);
        assertThat((List<?>) facts.get("overflowing"))
                .as("boxes that overflow, %s", when)
                .isEmpty();
        assertThat((List<?>) facts.get("cut"))
                .as("tables wider than their panel, %s", when)
                .isEmpty();
        assertThat((List<?>) facts.get("offScreen"))
                .as("panel headings below the fold, %s", when)
                .isEmpty();
    }
}
