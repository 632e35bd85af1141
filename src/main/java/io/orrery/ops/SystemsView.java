package io.orrery.ops;

import io.orrery.system.SystemInfo;
import io.orrery.system.SystemOrigin;
import io.orrery.system.SystemTiming;
import io.orrery.system.SystemsReport;
import java.util.ArrayList;
import java.util.List;

/**
 * What runs, as {@code GET /api/systems}, {@code /actuator/simulation} and the dashboard show it: each phase's
 * systems in execution order with their priority, where it came from, their origin and their time per call over
 * the last second. Made from the report the runner published; nothing here touches the loop.
 *
 * @param windowSeconds how long the timing window lasted (about 1 s; 0 until the first one has closed)
 * @param phases PreUpdate, Update, PostUpdate and Reset, in that order
 */
public record SystemsView(double windowSeconds, List<PhaseView> phases) {

    /** The view of {@code report}. */
    public static SystemsView of(SystemsReport report) {
        List<PhaseView> phases = new ArrayList<>();
        report.phases().forEach((phase, entries) -> {
            List<SystemView> systems = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                systems.add(SystemView.of(i + 1, entries.get(i)));
            }
            phases.add(new PhaseView(phase.displayName(), systems));
        });
        return new SystemsView(report.windowNanos() / 1e9, List.copyOf(phases));
    }

    /**
     * One phase.
     *
     * @param phase its name: PreUpdate, Update, PostUpdate or Reset
     * @param systems its systems in execution order
     */
    public record PhaseView(String phase, List<SystemView> systems) {}

    /**
     * One system in one phase.
     *
     * @param order its place in the phase, from 1
     * @param name its name: the bean's or plugin's name, a {@code NamedSystem}'s, else its class's
     * @param priority the effective priority (smaller runs first)
     * @param prioritySource where the priority came from: {@code <gz:system_priority>}, {@code @Order on @Bean
     *     method ...}, {@code PriorityOrdered}, {@code Ordered}, {@code @Order on class ...}, {@code Prioritized}
     *     or {@code default}
     * @param origin what made it
     * @param calls calls in the last window
     * @param meanMicros mean time of a call in the last window, in microseconds
     * @param p99Micros 99th percentile of a call's time in the last window, in microseconds
     */
    public record SystemView(
            int order,
            String name,
            int priority,
            String prioritySource,
            OriginView origin,
            long calls,
            double meanMicros,
            double p99Micros) {

        static SystemView of(int order, SystemsReport.Entry entry) {
            SystemInfo s = entry.system();
            SystemTiming t = entry.timing();
            return new SystemView(
                    order,
                    s.name(),
                    s.priority(),
                    s.prioritySource(),
                    OriginView.of(s.origin()),
                    t.calls(),
                    t.meanNanos() / 1e3,
                    t.p99Nanos() / 1e3);
        }
    }

    /**
     * Where a system came from.
     *
     * @param kind {@code built-in}, {@code spring-bean}, {@code plugin} or {@code code}
     * @param name the built-in system's, the bean's or the plugin instance's name
     * @param model for a plugin, the model that declared it; null for the world's
     * @param description the same in words, e.g. {@code plugin 'wind' of model 'box'}
     */
    public record OriginView(String kind, String name, String model, String description) {

        static OriginView of(SystemOrigin o) {
            return new OriginView(
                    o.kind().label(),
                    o.name().isEmpty() ? null : o.name(),
                    o.owner().isEmpty() ? null : o.owner(),
                    o.describe());
        }
    }
}
