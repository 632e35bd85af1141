package io.orrery.helm;

import java.util.List;
import java.util.Map;

/** A sweep of three scenarios used by several chart tests. */
final class SweepValues {

    private SweepValues() {}

    static Map<String, Object> threeScenarios() {
        return Map.of(
                "mode", "sweep",
                "orrery", Map.of("real-time-factor", 1.5, "start-paused", true, "step-size", "1ms"),
                "worlds", Map.of("inline", Map.of("ramp.sdf", "<sdf version='1.9'><world name='ramp'/></sdf>")),
                "sweep",
                        Map.of(
                                "parallelism", 2,
                                "orrery", Map.of("real-time-factor", 0, "stop-after-steps", 1_000_000),
                                "scenarios",
                                        List.of(
                                                Map.of("name", "baseline"),
                                                Map.of(
                                                        "name",
                                                        "ramp-fast",
                                                        "world",
                                                        "/worlds/ramp.sdf",
                                                        "orrery",
                                                        Map.of("step-size", "2ms", "start-paused", false)),
                                                Map.of(
                                                        "name",
                                                        "ramp-realtime",
                                                        "world",
                                                        "/worlds/ramp.sdf",
                                                        "orrery",
                                                        Map.of(
                                                                "real-time-factor",
                                                                1,
                                                                "stop-at",
                                                                "30s",
                                                                "triggers",
                                                                List.of(Map.of(
                                                                        "event", "time=10", "action", "stop")))))));
    }
}
