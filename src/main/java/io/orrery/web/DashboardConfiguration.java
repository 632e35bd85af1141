package io.orrery.web;

import io.orrery.app.WorldId;
import io.orrery.app.Worlds;
import io.orrery.ops.BeforeGracefulShutdown;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The dashboard's beans. */
@Configuration(proxyBeanMethods = false)
class DashboardConfiguration {

    @Bean
    PoseStream dashboardPoseStream(Worlds worlds, DashboardProperties properties) {
        return new PoseStream(worlds.get(WorldId.DEFAULT).reads(), properties.maxPoseClients());
    }

    /** Ends the pages' pose streams when the application stops, so the graceful shutdown need not wait on them. */
    @Bean
    SmartLifecycle dashboardPosesOnShutdown(PoseStream poses) {
        return new BeforeGracefulShutdown(poses::endAll);
    }
}
