package io.orrery.soak;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Samples the JVM's live thread count and its used heap right after a full collection, once a second, so the
 * first and the last seconds of a soak can be compared. The server runs in this JVM, so the figures are the
 * server's and the clients' together.
 */
public final class GrowthSampler implements AutoCloseable {

    private final long start = System.nanoTime();
    private final List<Sample> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    GrowthSampler() {
        thread = new Thread(this::sampleEverySecond, "soak-growth-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    private void sampleEverySecond() {
        while (running) {
            System.gc(); // a full collection: what is left is what is held
            Sample s = new Sample(
                    (System.nanoTime() - start) / 1e9,
                    ManagementFactory.getThreadMXBean().getThreadCount(),
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            synchronized (samples) {
                samples.add(s);
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Waits until at least {@code count} samples were taken, at most {@code seconds}: on a loaded machine a full
     * collection can take longer than the sampling interval, and a comparison needs samples on both sides.
     */
    void awaitSamples(int count, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (size() < count) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the growth sampler took " + size() + " samples in " + seconds
                        + " s, fewer than the " + count + " a comparison of the first and last stretch needs");
            }
            Thread.sleep(100);
        }
    }

    private int size() {
        synchronized (samples) {
            return samples.size();
        }
    }

    /** The first {@code count} samples. */
    Window first(int count) {
        synchronized (samples) {
            return Window.of(samples.subList(0, Math.min(count, samples.size())));
        }
    }

    /** The last {@code count} samples. */
    Window last(int count) {
        synchronized (samples) {
            return Window.of(samples.subList(Math.max(0, samples.size() - count), samples.size()));
        }
    }

    /** How many samples make a stretch: one a second for up to 10 s, and a third of a short soak's samples. */
    int stretch() {
        return Math.max(2, Math.min(10, size() / 3));
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** One sample: seconds since the start, live threads, used heap after a full collection (bytes). */
    public record Sample(double seconds, int threads, long heapAfterGc) {}

    /** The samples of a stretch of the soak, from {@code from} to {@code to} seconds after the start. */
    public record Window(double from, double to, List<Sample> samples) {

        static Window of(List<Sample> samples) {
            if (samples.isEmpty()) {
                throw new IllegalStateException("a stretch of the soak without samples");
            }
            return new Window(
                    samples.get(0).seconds(), samples.get(samples.size() - 1).seconds(), List.copyOf(samples));
        }

        public int maxThreads() {
            return samples.stream().mapToInt(Sample::threads).max().orElseThrow();
        }

        public int minThreads() {
            return samples.stream().mapToInt(Sample::threads).min().orElseThrow();
        }

        /** The median of the used heap after a full collection, bytes. */
        public long medianHeap() {
            long[] h = samples.stream().mapToLong(Sample::heapAfterGc).sorted().toArray();
            return h[h.length / 2];
        }

        @Override
        public String toString() {
            long[] h = samples.stream().mapToLong(Sample::heapAfterGc).sorted().toArray();
            return String.format(
                    Locale.ROOT,
                    "%.1f-%.1f s: threads %d-%d, heap after GC %.1f MB median" + " (%.1f-%.1f, %d samples)",
                    from,
                    to,
                    minThreads(),
                    maxThreads(),
                    medianHeap() / 1e6,
                    h[0] / 1e6,
                    h[h.length - 1] / 1e6,
                    h.length);
        }
    }
}
