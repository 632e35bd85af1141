package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A Server-Sent Events client for the tests: reads "event:" and "data:" lines, optionally slowly. */
final class SseClient implements AutoCloseable {

    final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final InputStream stream;
    private final Thread reader;
    private final Duration pausePerEvent;

    private SseClient(InputStream stream, Duration pausePerEvent) {
        this.stream = stream;
        this.pausePerEvent = pausePerEvent;
        this.reader = new Thread(this::read, "sse-test-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Connects to {@code path} and checks the answer is an event stream. */
    static SseClient connect(ApiTestSupport api, String path) throws Exception {
        return connect(api, path, Duration.ZERO);
    }

    /** A client that waits {@code pausePerEvent} after each event it reads: a slow one. */
    static SseClient connect(ApiTestSupport api, String path, Duration pausePerEvent) throws Exception {
        HttpResponse<InputStream> r = api.client.send(
                HttpRequest.newBuilder(api.uri(path))
                        .header("Accept", "text/event-stream")
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        return new SseClient(r.body(), pausePerEvent);
    }

    /** Parses "event:" and "data:" lines; a blank line ends an event. */
    private void read() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String name = null;
            StringBuilder data = new StringBuilder();
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isEmpty()) {
                    if (name != null) {
                        events.add(new Event(name, ApiTestSupport.JSON.readTree(data.toString())));
                        if (!pausePerEvent.isZero()) {
                            Thread.sleep(pausePerEvent.toMillis());
                        }
                    }
                    name = null;
                    data.setLength(0);
                } else if (line.startsWith("event:")) {
                    name = line.substring(6).strip();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).strip());
                }
            }
        } catch (IOException | InterruptedException closed) {
            // the test closed the stream
        }
    }

    JsonNode awaitEvent(String name) throws InterruptedException {
        return awaitEvent(name, d -> true);
    }

    /** The next event named {@code name} that passes {@code test}, skipping others; fails after 20 s. */
    JsonNode awaitEvent(String name, Predicate<JsonNode> test) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Event e = events.poll(100, TimeUnit.MILLISECONDS);
            if (e != null && e.name().equals(name) && test.test(e.data())) {
                return e.data();
            }
        }
        throw new AssertionError("no '" + name + "' event within 20 s");
    }

    @Override
    public void close() throws IOException {
        stream.close();
        reader.interrupt();
        try {
            reader.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    record Event(String name, JsonNode data) {}
}
