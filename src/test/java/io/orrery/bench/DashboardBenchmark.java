package io.orrery.bench;

import io.orrery.OrreryApplication;
import io.orrery.runner.SimulationRunner;
import io.orrery.web.Chromium;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The dashboard on Gazebo's 3k_shapes.sdf (3004 models), the application running as fast as possible: the loop's
 * steps per second with and without a page open (alternating rounds), the pose stream's bytes and frames per
 * second to one client, and the frames per second the page's 3D view renders in headless chromium when asked to
 * render every animation frame.
 */
final class DashboardBenchmark {

    private static final Path WORLD = Path.of("../shared/worlds/gz-sim/3k_shapes.sdf");
    private static final int ROUNDS = 3;
    private static final long ROUND_MS = 8000;

    private DashboardBenchmark() {
    }

    static void run() throws Exception {
        System.out.println();
        System.out.println("Dashboard on " + WORLD + ", factor 0 (as fast as possible)");
        ConfigurableApplicationContext app = SpringApplication.run(OrreryApplication.class, "--server.port=0",
                "--orrery.world=" + WORLD, "--orrery.real-time-factor=0", "--orrery.status-log-interval=0s",
                "--logging.level.root=WARN");
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            SimulationRunner runner = app.getBean(SimulationRunner.class);
            String page = "http://localhost:" + port + "/";
            while (runner.status().iterations() < 200) {
                Thread.sleep(100); // loaded and warm
            }
            runner.reset().get();
            poseStream(port);

            double[] without = new double[ROUNDS];
            double[] with = new double[ROUNDS];
            ChromeDriver browser = Chromium.start(1280, 800);
            try {
                for (int r = 0; r < ROUNDS; r++) {
                    // each round starts from a reset, so the 3003 shapes are falling in both: every pose changes
                    browser.get("about:blank");
                    runner.reset().get();
                    without[r] = stepsPerSecond(runner);
                    browser.get(page);
                    runner.reset().get();
                    with[r] = stepsPerSecond(runner);
                }
                System.out.printf(Locale.ROOT, "loop steps/s without a page: %s, median %.1f%n", list(without),
                        Benchmarks.median(without));
                System.out.printf(Locale.ROOT, "loop steps/s with one page:  %s, median %.1f (ratio %.3f)%n",
                        list(with), Benchmarks.median(with), Benchmarks.median(with) / Benchmarks.median(without));
                fps(browser);
            } finally {
                browser.quit();
            }
        } finally {
            app.close();
        }
    }

    private static double stepsPerSecond(SimulationRunner runner) throws InterruptedException {
        long i0 = runner.status().iterations();
        long t0 = System.nanoTime();
        Thread.sleep(ROUND_MS);
        return (runner.status().iterations() - i0) / ((System.nanoTime() - t0) / 1e9);
    }

    /** Reads /dashboard/poses as a page would for one round, just after a reset, counting bytes and frames. */
    private static void poseStream(int port) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + "/dashboard/poses")).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        long[] counts = new long[3]; // bytes, frames, bytes of the first read
        InputStream in = r.body();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[1 << 16];
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (counts) {
                        counts[2] = counts[2] == 0 ? n : counts[2];
                        counts[0] += n;
                        String s = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
                        for (int i = s.indexOf("event:poses"); i >= 0; i = s.indexOf("event:poses", i + 1)) {
                            counts[1]++;
                        }
                    }
                }
            } catch (java.io.IOException closed) {
                // the round is over
            }
        });
        long start = System.nanoTime();
        reader.start();
        Thread.sleep(ROUND_MS);
        double seconds = (System.nanoTime() - start) / 1e9;
        synchronized (counts) {
            System.out.printf(Locale.ROOT, "pose stream to one client while the shapes fall: %.0f kB/s, %.1f"
                    + " frames/s (first read %d kB)%n", counts[0] / seconds / 1000, counts[1] / seconds,
                    counts[2] / 1000);
        }
        in.close();
        reader.join(5000);
    }

    /** The view rendering every animation frame: frames counted over a few seconds. */
    private static void fps(ChromeDriver browser) throws InterruptedException {
        JavascriptExecutor js = browser;
        js.executeScript("window.orreryDashboard.view.setContinuous(true);");
        Thread.sleep(1000);
        long f0 = ((Number) js.executeScript("return window.orreryDashboard.view.stats().frames;")).longValue();
        long t0 = System.nanoTime();
        Thread.sleep(5000);
        long f1 = ((Number) js.executeScript("return window.orreryDashboard.view.stats().frames;")).longValue();
        double seconds = (System.nanoTime() - t0) / 1e9;
        Object instances = js.executeScript("return window.orreryDashboard.view.stats().instances;");
        System.out.printf(Locale.ROOT, "3D view, continuous rendering at 1280x800, %s shapes: %.1f frames/s%n",
                instances, (f1 - f0) / seconds);
    }

    private static String list(double[] values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f", v));
        }
        return s.toString();
    }
}
