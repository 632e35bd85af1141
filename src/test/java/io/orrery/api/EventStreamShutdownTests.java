package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.OrreryApplication;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stopping the application ends the event stream and the dashboard's pose stream instead of waiting on them: the
 * web server's graceful shutdown waits for every request in progress, and a stream (a dashboard tab holds both)
 * never ends by itself.
 */
class EventStreamShutdownTests {

    @Test
    void openStreamsEndWhenTheServerStops() throws Exception {
        Path dir = Files.createTempDirectory("orrery-sse-shutdown").toRealPath();
        ApiTestSupport.copyWorld(dir, ApiTestSupport.WORLD);
        ConfigurableApplicationContext server = new SpringApplicationBuilder(OrreryApplication.class)
                .run(
                        "--server.port=0",
                        "--orrery.worlds-dir=" + dir,
                        "--orrery.world=" + dir.resolve(ApiTestSupport.WORLD),
                        "--orrery.start-paused=true",
                        "--orrery.status-log-interval=0s",
                        "--spring.lifecycle.timeout-per-shutdown-phase=10m");
        int port = ((WebServerApplicationContext) server).getWebServer().getPort();
        HttpClient http = HttpClient.newHttpClient();
        try (BufferedReader lines = open(http, port, "/api/events?events=stats");
                BufferedReader poses = open(http, port, "/dashboard/poses")) {
            assertThat(lines.readLine()).isEqualTo("event:stats"); // the streams are open and sending
            assertThat(poses.readLine()).startsWith("event:");

            // The shutdown phase may wait 10 minutes here: the 60 s join only detects a close that waits on the
            // stream, which is what it did before the streams were ended first.
            Thread closing = new Thread(server::close, "closing");
            closing.start();
            closing.join(Duration.ofSeconds(60).toMillis());
            assertThat(closing.isAlive())
                    .as("the application still closing, waiting on the event stream")
                    .isFalse();
            for (BufferedReader stream : java.util.List.of(lines, poses)) {
                String line;
                do {
                    line = stream.readLine(); // what was sent before the end, then the end of the stream
                } while (line != null);
            }
        }
    }

    private static BufferedReader open(HttpClient http, int port, String path) throws Exception {
        HttpResponse<InputStream> r = http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    }
}
