package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The orrery.api.* properties bind from Spring Boot's forms with safe defaults and check every value. */
class ApiPropertiesTests {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(ApiProperties.class)
    static class PropertiesOnly {}

    private final ApplicationContextRunner context =
            new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class);

    @Test
    void allowedOriginsAreNoneByDefaultBindAsAListAndEachMustBeAnOrigin() {
        context.run(ctx ->
                assertThat(ctx.getBean(ApiProperties.class).allowedOrigins()).isEmpty());
        context.withPropertyValues("orrery.api.allowed-origins=http://localhost:3000,https://orrery.example.com")
                .run(ctx -> assertThat(ctx.getBean(ApiProperties.class).allowedOrigins())
                        .containsExactly("http://localhost:3000", "https://orrery.example.com"));
        for (String bad : new String[] {
            "*",
            "localhost:3000",
            "https://orrery.example.com/app",
            "null",
            "ftp://orrery.example.com",
            "https://user@orrery.example.com"
        }) {
            context.withPropertyValues("orrery.api.allowed-origins=" + bad)
                    .run(ctx -> assertThat(ctx)
                            .getFailure()
                            .rootCause()
                            .hasMessageContaining("orrery.api.allowed-origins must list origins")
                            .hasMessageContaining("got '" + bad + "'"));
        }
    }

    @Test
    void theControlConnectionCapBindsAndIsAtLeastOne() {
        context.run(ctx -> assertThat(ctx.getBean(ApiProperties.class).maxControlConnections())
                .isEqualTo(16));
        context.withPropertyValues("orrery.api.max-control-connections=3")
                .run(ctx -> assertThat(ctx.getBean(ApiProperties.class).maxControlConnections())
                        .isEqualTo(3));
        context.withPropertyValues("orrery.api.max-control-connections=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.api.max-control-connections must be at least 1, got 0"));
    }
}
