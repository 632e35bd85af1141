package io.orrery.soak;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The soak's HTTP client. Its executor is a fixed pool, so the thread count the soak samples does not move with the
 * client's own load (HttpClient's default executor is a cached pool).
 */
final class SoakHttp implements AutoCloseable {

    /** The status of a request that got no answer at all (an I/O error or a timeout). */
    static final int NO_ANSWER = -1;

    static final int EXECUTOR_THREADS = 4;

    private final URI base;
    private final ThreadPoolExecutor executor =
            (ThreadPoolExecutor) Executors.newFixedThreadPool(EXECUTOR_THREADS, r -> {
                Thread t = new Thread(r, "soak-http");
                t.setDaemon(true);
                return t;
            });
    private final HttpClient client;

    SoakHttp(URI base) {
        this.base = base;
        executor.prestartAllCoreThreads(); // all from the start: the soak compares thread counts over time
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(executor)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    Answer get(String path) {
        return send(request(path).GET());
    }

    Answer post(String path) {
        return send(request(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    Answer post(String path, String contentType, String body) {
        return send(request(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Answer put(String path, String json) {
        return send(request(path)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Answer delete(String path) {
        return send(request(path).DELETE());
    }

    /** Opens an event stream; the caller reads and closes it. */
    HttpResponse<InputStream> stream(String path) throws IOException, InterruptedException {
        return client.send(
                request(path).header("Accept", "text/event-stream").GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(90));
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> r = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body());
        } catch (IOException e) {
            return new Answer(NO_ANSWER, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(NO_ANSWER, e.toString());
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }

    /** A status and body. */
    record Answer(int status, String body) {
        /** A 409 that refused the command in the current state, rather than a conflict with the ledger. */
        boolean refusedInState() {
            return status == 409 && body.contains("Command refused in this state");
        }
    }
}
