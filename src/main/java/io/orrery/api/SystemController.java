package io.orrery.api;

import io.orrery.ops.SystemsView;
import io.orrery.runner.SimulationRunner;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What runs: every phase's systems in execution order, with priorities, origins and timings. Reads the report the
 * runner published, so a request never waits for the loop.
 */
@RestController
class SystemController {

    private final SimulationRunner runner;

    SystemController(SimulationRunner runner) {
        this.runner = runner;
    }

    @GetMapping("/api/systems")
    SystemsView systems() {
        return SystemsView.of(runner.reads().systems());
    }
}
