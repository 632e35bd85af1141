package io.orrery.ops;

import io.orrery.runner.SimulationRunner;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the service surface for operators: the {@code simulation} and {@code plugins} health components, the
 * liveness watchdog and readiness monitor, the {@code /actuator/simulation} endpoint, the simulation's meters
 * and the world in {@code /actuator/info}. Which endpoints are exposed is set in application.yaml.
 */
@Configuration(proxyBeanMethods = false)
class ActuatorConfiguration {

    @Bean
    SimulationHealthIndicator simulationHealthIndicator(SimulationRunner runner) {
        return new SimulationHealthIndicator(runner);
    }

    @Bean
    PluginsHealthIndicator pluginsHealthIndicator(SimulationRunner runner) {
        return new PluginsHealthIndicator(runner);
    }

    /** Read with {@code @Value}: {@code orrery.*} belongs to OrreryProperties; described in the metadata. */
    @Bean
    AvailabilityMonitor availabilityMonitor(
            SimulationRunner runner,
            @Value("${orrery.watchdog-timeout:30s}") Duration watchdogTimeout,
            ApplicationEventPublisher publisher,
            ApplicationAvailability availability) {
        return new AvailabilityMonitor(new RunnerProbe(runner), watchdogTimeout, publisher, availability);
    }

    @Bean
    SimulationEndpoint simulationEndpoint(SimulationRunner runner) {
        return new SimulationEndpoint(runner);
    }

    @Bean
    OrreryMetrics orreryMetrics(SimulationRunner runner) {
        return new OrreryMetrics(runner);
    }

    @Bean
    WorldInfoContributor worldInfoContributor(SimulationRunner runner) {
        return new WorldInfoContributor(runner);
    }
}
