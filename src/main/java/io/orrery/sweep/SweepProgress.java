package io.orrery.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What a sweep says while it runs, a line at a time: how many scenarios are done of how many, the time since the
 * start and an estimate of the time left (the mean time per finished scenario, scenarios running at once included,
 * times those left), as each scenario starts and ends and, while none ends, every {@link #HEARTBEAT_NANOS}.
 */
final class SweepProgress {

    /** How often a line comes while nothing ends: 10 s, so a sweep is never silent for long. */
    static final long HEARTBEAT_NANOS = 10_000_000_000L;

    private final int total;
    private final LongSupplier nanos;
    private final Consumer<String> out;
    private final long start;
    private final Map<Integer, Running> running = new TreeMap<>();
    private int done;
    private long lastLine;

    private record Running(String name, long since) {}

    SweepProgress(int total, LongSupplier nanos, Consumer<String> out) {
        this.total = total;
        this.nanos = nanos;
        this.out = out;
        this.start = nanos.getAsLong();
        this.lastLine = start;
    }

    synchronized void started(int index, String name) {
        running.put(index, new Running(name, nanos.getAsLong()));
        say(String.format(Locale.ROOT, "scenario %d %s started", index, name));
    }

    synchronized void finished(LocalSweep.Outcome o) {
        Running r = running.remove(o.index());
        done++;
        long took = r == null ? 0 : nanos.getAsLong() - r.since();
        String why = o.why().isEmpty() ? "" : ": " + o.why();
        say(String.format(
                Locale.ROOT,
                "scenario %d %s: %s (exit %d) in %s%s",
                o.index(),
                o.name(),
                o.outcome(),
                o.exitCode(),
                duration(took),
                why));
    }

    /** A line naming what runs, unless a line came within the last {@link #HEARTBEAT_NANOS}. */
    synchronized void heartbeat() {
        long now = nanos.getAsLong();
        if (now - lastLine < HEARTBEAT_NANOS || running.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        running.forEach((i, r) -> names.add(i + " " + r.name() + " for " + duration(now - r.since())));
        say("running: " + String.join(", ", names));
    }

    private void say(String what) {
        long now = nanos.getAsLong();
        lastLine = now;
        long elapsed = now - start;
        out.accept(String.format(
                Locale.ROOT,
                "[%d/%d done, %s elapsed, %s] %s",
                done,
                total,
                duration(elapsed),
                estimate(elapsed, done, total),
                what));
    }

    /** The time left, from the mean time per finished scenario; none before the first has finished. */
    static String estimate(long elapsedNanos, int done, int total) {
        if (done >= total) {
            return "none left";
        }
        if (done == 0) {
            return "no estimate before one ends";
        }
        return "about " + duration(elapsedNanos / done * (total - done)) + " left";
    }

    /** "0.4 s", "12 s", "1 min 17 s". */
    static String duration(long nanos) {
        double seconds = nanos / 1e9;
        if (seconds < 10) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        long whole = Math.round(seconds);
        return whole < 60 ? whole + " s" : whole / 60 + " min " + whole % 60 + " s";
    }
}
