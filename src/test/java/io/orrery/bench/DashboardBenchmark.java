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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The dashboard on Gazebo's 3k_shapes.sdf (3004 models) lifted {@value #LIFT} m so that every shape falls for the
 * whole measurement (the original's shapes rest on the ground, and a stream of resting shapes sends nothing). The
 * application runs as fast as possible. Measured: the loop's steps per second with and without a page open
 * (alternating rounds), the pose stream's bytes and frames per second to one client, and the frames per second the
 * page's 3D view actually renders in headless chromium while poses arrive and the camera orbits every animation
 * frame (as a user dragging the view would make it).
 *
 * <p>Parts can be chosen with {@code -Dorrery.bench.dashboard=loop,stream,view} (default: all three).
 */
final class DashboardBenchmark {

    private static final Path WORLD = Path.of("worlds/gazebo/3k_shapes.sdf");
    private static final Path FALLING = Path.of("target/bench/3k_shapes_falling.sdf");
    private static final double LIFT = 50; // a fall of 3.2 s sim: minutes of wall time at the loop's rate here
    private static final int ROUNDS = 3;
    private static final long ROUND_MS = 8000;
    private static final long SETTLE_MS = 3000;
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;

    private DashboardBenchmark() {}

    static void run() throws Exception {
        List<String> parts = List.of(
                System.getProperty("orrery.bench.dashboard", "loop,stream,view").split(","));
        lift();
        System.out.println();
        System.out.println("Dashboard on " + WORLD + " lifted " + LIFT + " m (" + FALLING + "), factor 0");
        ConfigurableApplicationContext app = SpringApplication.run(
                OrreryApplication.class,
                "--server.port=0",
                "--orrery.world=" + FALLING,
                "--orrery.real-time-factor=0",
                "--orrery.status-log-interval=0s",
                "--logging.level.root=WARN");
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            SimulationRunner runner = app.getBean(SimulationRunner.class);
            String page = "http://localhost:" + port + "/";
            while (runner.reads().status().iterations() < 200) {
                Thread.sleep(100); // loaded and warm
            }
            if (parts.contains("stream")) {
                runner.control().reset().get();
                poseStream(port, runner);
            }
            ChromeDriver browser = Chromium.start(WIDTH, HEIGHT);
            try {
                if (parts.contains("loop")) {
                    loop(runner, browser, page);
                }
                if (parts.contains("view")) {
                    browser.get(page);
                    runner.control().reset().get();
                    view(browser);
                }
            } finally {
                browser.quit();
            }
        } finally {
            app.close();
        }
    }

    /** 3k_shapes with every shape {@value #LIFT} m higher. */
    private static void lift() throws Exception {
        String text = Files.readString(WORLD);
        Matcher m = Pattern.compile("<pose>(\\S+) (\\S+) 0\\.5 0 0 0</pose>").matcher(text);
        StringBuilder out = new StringBuilder();
        int lifted = 0;
        while (m.find()) {
            m.appendReplacement(out, "<pose>$1 $2 " + (0.5 + LIFT) + " 0 0 0</pose>");
            lifted++;
        }
        m.appendTail(out);
        Files.createDirectories(FALLING.getParent());
        Files.writeString(FALLING, out);
        if (lifted != 3003) {
            throw new IllegalStateException("expected 3003 shapes at z 0.5 in " + WORLD + ", found " + lifted);
        }
    }

    /**
     * Each round starts from a reset, so the shapes are falling in both; the order alternates between pairs of rounds,
     * and each starts {@value #SETTLE_MS} ms after the browser navigated.
     */
    private static void loop(SimulationRunner runner, ChromeDriver browser, String page) throws Exception {
        double[] without = new double[ROUNDS];
        double[] with = new double[ROUNDS];
        for (int r = 0; r < 2 * ROUNDS; r++) {
            boolean open = (r % 2 == 0) == (r / 2 % 2 == 0); // with, without; without, with; ...: no order effect
            browser.get(open ? page : "about:blank");
            Thread.sleep(SETTLE_MS); // the page loaded (or the last one torn down) before the round starts
            runner.control().reset().get();
            (open ? with : without)[r / 2] = stepsPerSecond(runner);
        }
        System.out.printf(
                Locale.ROOT,
                "loop steps/s without a page: %s, median %.1f%n",
                list(without),
                Benchmarks.median(without));
        System.out.printf(
                Locale.ROOT,
                "loop steps/s with one page:  %s, median %.1f (ratio %.3f)%n",
                list(with),
                Benchmarks.median(with),
                Benchmarks.median(with) / Benchmarks.median(without));
    }

    private static double stepsPerSecond(SimulationRunner runner) throws InterruptedException {
        long i0 = runner.reads().status().iterations();
        long t0 = System.nanoTime();
        Thread.sleep(ROUND_MS);
        return (runner.reads().status().iterations() - i0) / ((System.nanoTime() - t0) / 1e9);
    }

    /** Reads /dashboard/poses as a page would for one round, just after a reset, counting bytes and frames. */
    private static void poseStream(int port, SimulationRunner runner) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<InputStream> r = http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/dashboard/poses"))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        long[] counts = new long[3]; // bytes, frames, bytes of the largest frame
        InputStream in = r.body();
        Thread reader = new Thread(() -> {
            byte[] buffer = new byte[1 << 16];
            long frameBytes = 0;
            try {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    String s = new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
                    synchronized (counts) {
                        counts[0] += n;
                        int from = 0;
                        for (int i = s.indexOf("event:poses"); i >= 0; i = s.indexOf("event:poses", i + 1)) {
                            frameBytes += i - from;
                            counts[2] = Math.max(counts[2], frameBytes);
                            frameBytes = 0;
                            from = i;
                            counts[1]++;
                        }
                        frameBytes += n - from;
                    }
                }
            } catch (java.io.IOException closed) {
                // the round is over
            }
        });
        long start = System.nanoTime();
        long i0 = runner.reads().status().iterations();
        reader.start();
        Thread.sleep(ROUND_MS);
        double seconds = (System.nanoTime() - start) / 1e9;
        double steps = (runner.reads().status().iterations() - i0) / seconds;
        synchronized (counts) {
            System.out.printf(
                    Locale.ROOT,
                    "pose stream to one client while every shape falls: %.0f kB/s, %.1f"
                            + " frames/s (the loop made %.1f steps/s, so at most that many new snapshots), largest frame"
                            + " %d kB (%.1f bytes a link)%n",
                    counts[0] / seconds / 1000,
                    counts[1] / seconds,
                    steps,
                    counts[2] / 1000,
                    counts[2] / 3004.0);
        }
        in.close();
        reader.join(5000);
    }

    /**
     * The camera orbits a little every animation frame, so every animation frame needs a render; the view counts
     * the renders it actually made. Measured in the view's first framing (the whole 1.5 km line of shapes) and
     * close up (the camera 20 m from the line's middle, a few hundred shapes filling the view).
     */
    private static void view(ChromeDriver browser) throws InterruptedException {
        JavascriptExecutor js = browser;
        while (((Number) js.executeScript("return window.orreryDashboard.view.stats().instances;")).intValue() == 0) {
            Thread.sleep(100);
        }
        js.executeScript("const v = window.orreryDashboard.view; window.benchSpin = true; window.benchTicks = 0;"
                + "(function spin() { if (!window.benchSpin) return; window.benchTicks++; v.orbitBy(0.002, 0);"
                + " requestAnimationFrame(spin); })();");
        measure(js, "whole world in view");
        js.executeScript("window.orreryDashboard.view.lookAt([0, 0, 40], 20);");
        measure(js, "close up, 20 m");
        js.executeScript("window.benchSpin = false;");
    }

    private static void measure(JavascriptExecutor js, String what) throws InterruptedException {
        Thread.sleep(1500);
        String read = "const s = window.orreryDashboard.view.stats();"
                + "return {frames: s.frames, poses: s.poseFrames, ticks: window.benchTicks,"
                + " drawn: s.fine + ' full, ' + s.coarse + ' coarse, ' + s.points + ' as points, ' + s.culled"
                + " + ' outside the view'};";
        Map<?, ?> a = (Map<?, ?>) js.executeScript(read);
        long t0 = System.nanoTime();
        Thread.sleep(6000);
        Map<?, ?> b = (Map<?, ?>) js.executeScript(read);
        double seconds = (System.nanoTime() - t0) / 1e9;
        Object instances = js.executeScript("return window.orreryDashboard.view.stats().instances;");
        System.out.printf(
                Locale.ROOT,
                "3D view at %dx%d, %s shapes, %s: %.1f frames rendered/s (%.1f animation"
                        + " frames/s, %.1f pose frames/s applied; last frame: %s)%n",
                WIDTH,
                HEIGHT,
                instances,
                what,
                delta(a, b, "frames") / seconds,
                delta(a, b, "ticks") / seconds,
                delta(a, b, "poses") / seconds,
                b.get("drawn"));
    }

    private static double delta(Map<?, ?> a, Map<?, ?> b, String key) {
        return ((Number) b.get(key)).doubleValue() - ((Number) a.get(key)).doubleValue();
    }

    private static String list(double[] values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f", v));
        }
        return s.toString();
    }
}
