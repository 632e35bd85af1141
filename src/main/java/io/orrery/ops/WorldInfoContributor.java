package io.orrery.ops;

import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.SimulationStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;

/** Adds the world being served to {@code /actuator/info}: its name (once loaded) and its file; and the
 * physics engine. */
final class WorldInfoContributor implements InfoContributor {

    private final SimulationRunner runner;

    WorldInfoContributor(SimulationRunner runner) {
        this.runner = runner;
    }

    @Override
    public void contribute(Info.Builder builder) {
        SimulationStatus s = runner.reads().status();
        Map<String, Object> world = new LinkedHashMap<>();
        world.put("name", s.worldName().orElse(""));
        world.put("file", s.worldFile().toString());
        builder.withDetail("world", world);
        builder.withDetail("engine", s.engine());
    }
}
