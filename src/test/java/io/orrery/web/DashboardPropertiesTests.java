package io.orrery.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** orrery.dashboard.* binds with a safe default and checks itself, naming the property, the bound and the value. */
class DashboardPropertiesTests {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(DashboardProperties.class)
    static class PropertiesOnly {}

    private final ApplicationContextRunner context =
            new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class);

    @Test
    void thePoseStreamCapBindsAndIsAtLeastOne() {
        context.run(ctx -> assertThat(ctx.getBean(DashboardProperties.class).maxPoseClients())
                .isEqualTo(16));
        context.withPropertyValues("orrery.dashboard.max-pose-clients=2")
                .run(ctx -> assertThat(ctx.getBean(DashboardProperties.class).maxPoseClients())
                        .isEqualTo(2));
        context.withPropertyValues("orrery.dashboard.max-pose-clients=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.dashboard.max-pose-clients must be at least 1, got 0"));
    }
}
