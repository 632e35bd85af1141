package io.orrery.web;

import io.orrery.runner.SimulationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The dashboard's beans. */
@Configuration(proxyBeanMethods = false)
class DashboardConfiguration {

    @Bean
    PoseStream dashboardPoseStream(SimulationRunner runner) {
        return new PoseStream(runner);
    }
}
