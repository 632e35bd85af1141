package io.orrery.system;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The system manager's timing window: one {@link SystemTimer} per phase, indexed as the phase's run order, closed
 * once a second of the manager's clock has passed and published as a {@link SystemsReport}. The runner thread
 * writes; {@link #report()} may be read from any thread.
 */
final class SystemTimings {

    /** The timing window: readers see one summary a second. */
    static final long WINDOW_NANOS = 1_000_000_000L;

    private SystemTimer preUpdate = new SystemTimer(0);
    private SystemTimer update = new SystemTimer(0);
    private SystemTimer postUpdate = new SystemTimer(0);
    private SystemTimer reset = new SystemTimer(0);
    private List<SystemInfo> ordered = List.of();
    private long windowStart = -1;
    private volatile SystemsReport report = SystemsReport.EMPTY;

    SystemTimer preUpdate() {
        return preUpdate;
    }

    SystemTimer update() {
        return update;
    }

    SystemTimer postUpdate() {
        return postUpdate;
    }

    SystemTimer reset() {
        return reset;
    }

    /**
     * The set of systems changed to {@code systems} (in priority order): the indexes have moved, so timings start
     * again, and the report lists the new set without timings until the next window closes.
     */
    void systemsChanged(List<SystemInfo> systems) {
        ordered = systems;
        preUpdate = new SystemTimer(count(Phase.PRE_UPDATE));
        update = new SystemTimer(count(Phase.UPDATE));
        postUpdate = new SystemTimer(count(Phase.POST_UPDATE));
        reset = new SystemTimer(count(Phase.RESET));
        windowStart = -1;
        publish(0);
    }

    /** Runner thread: a phase ended at {@code now}; closes the window once it has lasted a second. */
    void ticked(long now) {
        if (windowStart < 0) {
            windowStart = now;
        } else if (now - windowStart >= WINDOW_NANOS) {
            publish(now - windowStart);
            preUpdate.clear();
            update.clear();
            postUpdate.clear();
            reset.clear();
            windowStart = now;
        }
    }

    SystemsReport report() {
        return report;
    }

    private int count(Phase phase) {
        return (int) ordered.stream().filter(s -> s.phases().contains(phase)).count();
    }

    private void publish(long windowNanos) {
        Map<Phase, List<SystemsReport.Entry>> phases = new EnumMap<>(Phase.class);
        phases.put(Phase.PRE_UPDATE, entries(Phase.PRE_UPDATE, preUpdate));
        phases.put(Phase.UPDATE, entries(Phase.UPDATE, update));
        phases.put(Phase.POST_UPDATE, entries(Phase.POST_UPDATE, postUpdate));
        phases.put(Phase.RESET, entries(Phase.RESET, reset));
        report = new SystemsReport(windowNanos, phases);
    }

    private List<SystemsReport.Entry> entries(Phase phase, SystemTimer times) {
        List<SystemsReport.Entry> entries = new ArrayList<>();
        for (SystemInfo info : ordered) {
            if (info.phases().contains(phase)) {
                entries.add(new SystemsReport.Entry(info, times.summarize(entries.size())));
            }
        }
        return entries;
    }
}
