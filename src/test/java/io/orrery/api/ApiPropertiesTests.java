package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The orrery.api.* limits bind with safe defaults and check themselves, naming the property, bound and value. */
class ApiPropertiesTests {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(ApiProperties.class)
    static class PropertiesOnly {
    }

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(PropertiesOnly.class);

    @Test
    void theControlConnectionCapBindsAndIsAtLeastOne() {
        context.run(ctx -> assertThat(ctx.getBean(ApiProperties.class).maxControlConnections()).isEqualTo(16));
        context.withPropertyValues("orrery.api.max-control-connections=3").run(ctx -> assertThat(
                ctx.getBean(ApiProperties.class).maxControlConnections()).isEqualTo(3));
        context.withPropertyValues("orrery.api.max-control-connections=0").run(ctx -> assertThat(ctx).getFailure()
                .rootCause().hasMessage("orrery.api.max-control-connections must be at least 1, got 0"));
    }
}
