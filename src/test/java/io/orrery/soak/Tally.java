package io.orrery.soak;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the soak's commands got: statuses per kind of command, latencies in a fixed histogram (0.1 ms buckets up to
 * 5 s, so memory does not grow with the requests), and the first few answers that broke a rule.
 */
public final class Tally {

    private static final int BUCKETS = 50_000; // 0.1 ms each
    private static final int KEPT = 20;

    private final Map<Command, Map<Integer, Integer>> statuses = new EnumMap<>(Command.class);
    private final AtomicIntegerArray latency = new AtomicIntegerArray(BUCKETS + 1);
    private final AtomicLong maxNanos = new AtomicLong();
    private final List<String> unexpected = new ArrayList<>();
    private final List<String> disagreements = new ArrayList<>();
    private int unexpectedCount;
    private int disagreementCount;

    void record(Command c, SoakHttp.Answer a, long nanos) {
        synchronized (statuses) {
            statuses.computeIfAbsent(c, k -> new TreeMap<>()).merge(a.status(), 1, Integer::sum);
            if (!c.allowed.contains(a.status())) {
                unexpectedCount++;
                keep(unexpected, c + " -> " + a.status() + " " + shorten(a.body()));
            }
        }
        if (a.status() != 0) {
            latency.incrementAndGet((int) Math.min(BUCKETS, nanos / 100_000));
            maxNanos.accumulateAndGet(nanos, Math::max);
        }
    }

    /** An answer whose status its kind may get, but not for the reason its body gives. */
    void unexpected(Command c, String why, SoakHttp.Answer a) {
        synchronized (statuses) {
            unexpectedCount++;
            keep(unexpected, c + " -> " + a.status() + " (" + why + ") " + shorten(a.body()));
        }
    }

    /** An answer that contradicts the ledger: a model it says is there is not, or the other way round. */
    void disagree(Command c, String name, SoakHttp.Answer a, boolean ledgerHas) {
        synchronized (statuses) {
            disagreementCount++;
            keep(
                    disagreements,
                    c + " " + name + " (ledger: " + (ledgerHas ? "there" : "not there") + ") -> " + a.status() + " "
                            + shorten(a.body()));
        }
    }

    Map<Command, Map<Integer, Integer>> statuses() {
        synchronized (statuses) {
            Map<Command, Map<Integer, Integer>> copy = new EnumMap<>(Command.class);
            statuses.forEach((c, m) -> copy.put(c, new TreeMap<>(m)));
            return copy;
        }
    }

    /** Requests per status over every kind. */
    Map<Integer, Integer> totals() {
        Map<Integer, Integer> totals = new TreeMap<>();
        statuses().values().forEach(m -> m.forEach((s, n) -> totals.merge(s, n, Integer::sum)));
        totals.remove(0);
        return totals;
    }

    int unexpectedCount() {
        synchronized (statuses) {
            return unexpectedCount;
        }
    }

    List<String> unexpected() {
        synchronized (statuses) {
            return List.copyOf(unexpected);
        }
    }

    int disagreementCount() {
        synchronized (statuses) {
            return disagreementCount;
        }
    }

    List<String> disagreements() {
        synchronized (statuses) {
            return List.copyOf(disagreements);
        }
    }

    /** The latency below which a {@code fraction} of requests were answered, ms (to 0.1 ms). */
    double percentileMillis(double fraction) {
        long total = 0;
        for (int i = 0; i <= BUCKETS; i++) {
            total += latency.get(i);
        }
        long rank = (long) Math.ceil(total * fraction);
        long seen = 0;
        for (int i = 0; i <= BUCKETS; i++) {
            seen += latency.get(i);
            if (seen >= rank) {
                return (i + 1) / 10.0;
            }
        }
        return maxMillis();
    }

    double maxMillis() {
        return maxNanos.get() / 1e6;
    }

    private static void keep(List<String> list, String entry) {
        if (list.size() < KEPT) {
            list.add(entry);
        }
    }

    private static String shorten(String body) {
        return body.length() > 300 ? body.substring(0, 300) + "..." : body;
    }
}
