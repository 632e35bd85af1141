package io.orrery.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Both server-sent event streams run on the shared {@link SseStream}: on each, two clients that stop reading hold no
 * reader back and are cut off, so their places under the cap (3 here) free again. The world holds {@value #MODELS}
 * static boxes and a pose publisher, so that an event of either stream is tens of kilobytes; the server's socket send
 * buffer is made small (4 KB) and the stalled clients ask for a small receive buffer, so that the first events fill
 * their connections, as a busy stream's would in time.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.transport.enabled=false",
            "orrery.api.max-event-clients=3",
            "orrery.dashboard.max-pose-clients=3"
        })
@Import(StalledClients.SmallSendBuffer.class)
class SseStallTests {

    static final int MODELS = 1000;
    static final Path WORLDS = StalledClients.boxesWorld(
            "orrery-sse-stall", MODELS, "    <plugin name=\"poses\" filename=\"orrery-pose-publisher\"/>\n");

    @LocalServerPort
    int port;

    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS::toString);
        registry.add("orrery.world", () -> WORLDS.resolve("boxes.sdf").toString());
    }

    /** {@code /api/events?events=poses} (the pose publisher's) and {@code /dashboard/poses} (the page's frames). */
    @ParameterizedTest
    @ValueSource(strings = {"/api/events?events=poses", "/dashboard/poses"})
    void twoClientsThatStopReadingAreCutOffAndHoldNoReaderBack(String path) throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            stalled.add(StalledClients.notReading(port, path));
            stalled.add(StalledClients.notReading(port, path));
            // both are sent their first events, which their connections cannot take
            try (Reader reader = Reader.open(http, uri(path))) {
                assertThat(reader.status())
                        .as("a third client is let in beside the two")
                        .isEqualTo(200);
                assertThat(reader.nextData())
                        .as("the reader is sent its events while the two take nothing")
                        .isNotBlank();

                // the cap is 3: a fourth gets in only once the two that take nothing have been cut off
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                int status;
                do {
                    Thread.sleep(200);
                    try (Reader another = Reader.open(http, uri(path))) {
                        status = another.status();
                    }
                } while (status != 200 && System.nanoTime() < deadline);
                assertThat(status)
                        .as("a client let in once the two that do not read were cut off (5 s without taking)")
                        .isEqualTo(200);
                assertThat(reader.nextLine())
                        .as("the reader still served (an event, or on a paused world the page's heartbeat)")
                        .isNotBlank();
            }
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    /** A client that reads: the answer, and its events' data read on a thread of their own. */
    record Reader(HttpResponse<InputStream> response, BufferedReader lines) implements AutoCloseable {

        static Reader open(HttpClient http, URI uri) throws Exception {
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .header("Accept", "text/event-stream")
                    .timeout(Duration.ofSeconds(30))
                    .GET()
                    .build();
            HttpResponse<InputStream> r = http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                    .get(30, TimeUnit.SECONDS);
            return new Reader(r, new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8)));
        }

        int status() {
            return response.statusCode();
        }

        /** The next line that is not blank (an event's or a heartbeat's); fails after 30 s. */
        String nextLine() throws Exception {
            CompletableFuture<String> next = CompletableFuture.supplyAsync(() -> {
                try {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        if (!line.isBlank()) {
                            return line;
                        }
                    }
                    throw new IllegalStateException("the stream ended");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            return next.get(30, TimeUnit.SECONDS);
        }

        /** The next event's data; fails after 30 s. */
        String nextData() throws Exception {
            CompletableFuture<String> next = CompletableFuture.supplyAsync(() -> {
                try {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        if (line.startsWith("data:")) {
                            return line.substring(5);
                        }
                    }
                    throw new IllegalStateException("the stream ended before an event");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            return next.get(30, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            try {
                response.body().close();
            } catch (IOException ignored) {
                // gone already
            }
        }
    }
}
