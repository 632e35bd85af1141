package io.orrery.soak;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Event-stream subscribers that connect, read slowly (256 bytes, then 50 to 250 ms asleep) for half a second to
 * three seconds, and drop the connection without a word; each client has at most one open at a time.
 */
final class SlowSubscriber implements AutoCloseable {

    private final SoakHttp http;
    private final ExecutorService readers;
    private final Future<?>[] open;

    SlowSubscriber(SoakHttp http, int clients) {
        this.http = http;
        this.open = new Future<?>[clients];
        ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newFixedThreadPool(clients, r -> {
            Thread t = new Thread(r, "soak-subscriber");
            t.setDaemon(true);
            return t;
        });
        pool.prestartAllCoreThreads(); // all from the start: the soak compares thread counts over time
        this.readers = pool;
    }

    /**
     * Client {@code id} subscribes, unless its last subscriber still reads; the status of the connect (0 when the
     * last one still reads, which is no request).
     */
    int subscribe(int id, Random random) throws InterruptedException {
        synchronized (open) {
            if (open[id] != null && !open[id].isDone()) {
                return 0;
            }
        }
        String query = switch (random.nextInt(3)) {
            case 0 -> "";
            case 1 -> "?events=stats&events=poses";
            default -> "?topic=/model/rover/odometry&maxRate=50";
        };
        HttpResponse<InputStream> r;
        try {
            r = http.stream("/api/events" + query);
        } catch (java.io.IOException e) {
            return SoakHttp.NO_ANSWER;
        }
        if (r.statusCode() != 200) {
            try (InputStream in = r.body()) {
                in.readAllBytes();
            } catch (java.io.IOException ignored) {
                // the status is what counts
            }
            return r.statusCode();
        }
        long readFor = TimeUnit.MILLISECONDS.toNanos(500 + random.nextInt(2500));
        long pause = 50 + random.nextInt(200);
        synchronized (open) {
            open[id] = readers.submit(() -> readSlowlyAndDrop(r.body(), readFor, pause));
        }
        return 200;
    }

    private static void readSlowlyAndDrop(InputStream in, long readForNanos, long pauseMillis) {
        long end = System.nanoTime() + readForNanos;
        try (in) {
            byte[] chunk = new byte[256];
            while (System.nanoTime() < end) {
                // only what has arrived: a blocking read on a quiet stream would outlive the deadline
                int ready = in.available();
                if (ready > 0 && in.read(chunk, 0, Math.min(ready, chunk.length)) < 0) {
                    return;
                }
                Thread.sleep(pauseMillis);
            }
        } catch (java.io.IOException | InterruptedException dropped) {
            // the connection went away, or the soak ended: either way it is dropped
        }
    }

    /** Waits for every open subscriber to drop. */
    @Override
    public void close() {
        readers.shutdown();
        try {
            if (!readers.awaitTermination(30, TimeUnit.SECONDS)) {
                readers.shutdownNow();
            }
        } catch (InterruptedException e) {
            readers.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
