package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.sse.StalledClients;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The dashboard's pose streams are capped ({@code orrery.dashboard.max-pose-clients}, here 3), and a page that stops
 * reading holds no other page back and is cut off. The world holds {@value #LINKS} static boxes, so the first
 * frame (every link) is about 70 KB; the server's socket send buffer is made small (4 KB) and the pages that do not
 * read ask for a small receive buffer, so that one frame fills their connection, as a busy page's would in time.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "orrery.real-time-factor=0",
            "orrery.start-paused=true",
            "orrery.status-log-interval=0s",
            "orrery.dashboard.max-pose-clients=3"
        })
@Import(StalledClients.SmallSendBuffer.class)
class PoseStreamLimitTests {

    static final int LINKS = 2000;
    static final int CAP = 3;
    static final Path WORLDS = StalledClients.boxesWorld("orrery-pose-stream", LINKS, "");
    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    @Autowired
    PoseStream poses;

    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.worlds-dir", WORLDS::toString);
        registry.add("orrery.world", () -> WORLDS.resolve("boxes.sdf").toString());
    }

    @BeforeEach
    void noPageOpen() throws InterruptedException {
        // a closed page is noticed at its next write (a frame, or the heartbeat every second)
        await(() -> poses.clientCount() == 0, "the pages of an earlier test noticed as gone");
    }

    @Test
    void pagesThatStopReadingHoldNoOtherPageBackAndAreCutOff() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            stalled.add(StalledClients.notReading(port, "/dashboard/poses"));
            stalled.add(StalledClients.notReading(port, "/dashboard/poses"));
            Thread.sleep(1000); // ten ticks: each has been sent its first frame, which its connection cannot take

            // With blocking writes both sender threads were stuck on these two, and this page got nothing until
            // Tomcat's write timeout (60 s) failed one of them.
            try (Page reader = Page.open(http, uri())) {
                assertThat(reader.status()).isEqualTo(200);
                JsonNode first = reader.nextFrame();
                assertThat(first.get("full").asBoolean()).isTrue();
                assertThat(first.get("p").size())
                        .as("every link's seven numbers")
                        .isEqualTo(LINKS * 7);

                // the two that take nothing are cut off, and their places under the cap are free again
                await(
                        () -> {
                            try (Page another = Page.open(http, uri())) {
                                return another.status() == 200;
                            }
                        },
                        "a page let in beside the reader once the two that do not read were cut off");
                assertThat(poses.clientCount()).as("the reader still connected").isGreaterThanOrEqualTo(1);
            }
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    @Test
    void pagesBeyondTheCapGet503UntilOneCloses() throws Exception {
        List<Page> open = new ArrayList<>();
        try {
            for (int i = 0; i < CAP; i++) {
                Page page = Page.open(http, uri());
                open.add(page);
                assertThat(page.status()).isEqualTo(200);
                assertThat(page.nextFrame().get("full").asBoolean()).isTrue();
            }
            try (Page refused = Page.open(http, uri())) {
                assertThat(refused.status()).isEqualTo(503);
                assertThat(refused.response.headers().firstValue("Retry-After")).hasValue("10");
                assertThat(refused.response.headers().firstValue("Content-Type").orElse(""))
                        .startsWith("application/problem+json");
                JsonNode problem = JSON.readTree(refused.response.body());
                assertThat(problem.get("property").asText()).isEqualTo("orrery.dashboard.max-pose-clients");
                assertThat(problem.get("limit").asInt()).isEqualTo(CAP);
                assertThat(problem.get("detail").asText()).contains("orrery.dashboard.max-pose-clients");
            }

            open.remove(0).close();
            await(
                    () -> {
                        try (Page again = Page.open(http, uri())) {
                            return again.status() == 200;
                        }
                    },
                    "a page let in once one has closed");
        } finally {
            open.forEach(Page::close);
        }
    }

    private URI uri() {
        return URI.create("http://localhost:" + port + "/dashboard/poses");
    }

    interface Check {
        boolean test() throws Exception;
    }

    static void await(Check condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            boolean met;
            try {
                met = condition.test();
            } catch (Exception e) {
                met = false;
            }
            if (met) {
                return;
            }
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    /** A page's pose stream: the answer, and its {@code poses} events read on a thread of their own. */
    record Page(HttpResponse<InputStream> response) implements AutoCloseable {

        static Page open(HttpClient http, URI uri) throws Exception {
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .header("Accept", "text/event-stream")
                    .timeout(Duration.ofSeconds(30))
                    .GET()
                    .build();
            return new Page(http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                    .get(30, TimeUnit.SECONDS));
        }

        int status() {
            return response.statusCode();
        }

        /** The next {@code poses} event's data; fails after 30 s. */
        JsonNode nextFrame() throws Exception {
            CompletableFuture<JsonNode> next = CompletableFuture.supplyAsync(() -> {
                try {
                    BufferedReader lines =
                            new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
                    String line;
                    boolean poses = false;
                    while ((line = lines.readLine()) != null) {
                        if (line.equals("event:poses")) {
                            poses = true;
                        } else if (poses && line.startsWith("data:")) {
                            return JSON.readTree(line.substring(5));
                        }
                    }
                    throw new IllegalStateException("the stream ended before a frame");
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
