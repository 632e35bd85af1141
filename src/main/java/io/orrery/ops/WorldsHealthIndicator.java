package io.orrery.ops;

import io.orrery.control.WorldBatch;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

/** {@code /actuator/health}'s {@code worlds}: every batched world, free or held by whom, and the task. */
final class WorldsHealthIndicator implements HealthIndicator {

    /** Worlds listed one by one up to this many; beyond it only the counts. */
    static final int LISTED = 1024;

    private final WorldBatch batch;

    WorldsHealthIndicator(WorldBatch batch) {
        this.batch = batch;
    }

    @Override
    public Health health() {
        Map<String, String> worlds = new LinkedHashMap<>();
        int held = 0;
        for (int i = 0; i < batch.count(); i++) {
            String holder = batch.holder(i);
            held += holder == null ? 0 : 1;
            if (i < LISTED) {
                worlds.put(WorldBatch.id(i), holder == null ? "free" : "held by " + holder);
            }
        }
        return Health.up()
                .withDetail("task", batch.task().name())
                .withDetail("count", batch.count())
                .withDetail("held", held)
                .withDetail("threads", batch.threads())
                .withDetail("worlds", worlds)
                .build();
    }
}
