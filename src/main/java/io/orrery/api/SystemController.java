package io.orrery.api;

import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.ops.SystemsView;
import io.orrery.runner.port.RunReads;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What runs: every phase's systems in execution order, with priorities, origins and timings. Reads the report the
 * runner published, so a request never waits for the loop.
 */
@RestController
class SystemController {

    private final RunReads reads;

    SystemController(Worlds worlds) {
        this.reads = worlds.get(WorldId.DEFAULT).reads();
    }

    @GetMapping("/api/systems")
    SystemsView systems() {
        return SystemsView.of(reads.systems());
    }
}
