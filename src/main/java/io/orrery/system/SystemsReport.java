package io.orrery.system;

import io.orrery.log.LogSafe;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What runs, as the runner last published it: every phase's systems in execution order, each with its timing over
 * the last window. Immutable; the runner thread publishes a new one when the set of systems changes and when a
 * timing window closes, and readers on any thread take the latest.
 *
 * @param windowNanos how long the timing window behind the timings lasted (0 before the first one closed)
 * @param phases the systems of each phase (PreUpdate, Update, PostUpdate, Reset), in execution order
 */
public record SystemsReport(long windowNanos, Map<Phase, List<Entry>> phases) {

    /** No systems. */
    public static final SystemsReport EMPTY = new SystemsReport(0, Map.of());

    public SystemsReport {
        EnumMap<Phase, List<Entry>> copy = new EnumMap<>(Phase.class);
        phases.forEach((phase, entries) -> copy.put(phase, List.copyOf(entries)));
        phases = java.util.Collections.unmodifiableMap(copy);
    }

    /** The systems of {@code phase} in execution order; empty when none takes part in it. */
    public List<Entry> of(Phase phase) {
        return phases.getOrDefault(phase, List.of());
    }

    /**
     * The order as a table for a log, one line per system and phase:
     * {@code PreUpdate  1  wind  -100  @Order on @Bean method  Spring bean 'wind'}.
     */
    public String table() {
        List<String[]> rows = new java.util.ArrayList<>();
        rows.add(new String[] {"phase", "#", "system", "priority", "priority from", "origin"});
        phases.forEach((phase, entries) -> {
            for (int i = 0; i < entries.size(); i++) {
                SystemInfo s = entries.get(i).system();
                rows.add(new String[] {
                    phase.displayName(),
                    Integer.toString(i + 1),
                    LogSafe.text(s.name()),
                    Integer.toString(s.priority()),
                    LogSafe.text(s.prioritySource()),
                    LogSafe.text(s.origin().describe())
                });
            }
        });
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                line.append("  ").append(row[c]).append(" ".repeat(widths[c] - row[c].length()));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /**
     * One system in one phase.
     *
     * @param system the system
     * @param timing its time in this phase over the last window
     */
    public record Entry(SystemInfo system, SystemTiming timing) {}
}
