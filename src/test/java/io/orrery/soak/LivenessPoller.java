package io.orrery.soak;

import java.util.ArrayList;
import java.util.List;

/** Polls {@code /actuator/health/liveness} every 100 ms for as long as the soak runs; anything but 200 is kept. */
final class LivenessPoller implements AutoCloseable {

    private final SoakHttp http;
    private final Thread thread;
    private final List<String> failures = new ArrayList<>();
    private volatile boolean running = true;
    private int polls;

    LivenessPoller(SoakHttp http) {
        this.http = http;
        thread = new Thread(this::poll, "soak-liveness");
        thread.setDaemon(true);
        thread.start();
    }

    private void poll() {
        long start = System.nanoTime();
        while (running) {
            SoakHttp.Answer a = http.get("/actuator/health/liveness");
            if (!running) {
                return; // close() interrupted this poll: its answer says nothing about the server
            }
            synchronized (failures) {
                polls++;
                if (a.status() != 200 || !a.body().contains("UP")) {
                    failures.add(
                            String.format("%.1f s: %d %s", (System.nanoTime() - start) / 1e9, a.status(), a.body()));
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    int polls() {
        synchronized (failures) {
            return polls;
        }
    }

    List<String> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(100_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
