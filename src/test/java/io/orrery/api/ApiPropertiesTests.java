package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The orrery.api.* properties that list things: they bind from Spring Boot's forms and check every entry. */
class ApiPropertiesTests {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(ApiProperties.class)
    static class PropertiesOnly {
    }

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(PropertiesOnly.class);

    @Test
    void allowedOriginsAreNoneByDefaultBindAsAListAndEachMustBeAnOrigin() {
        context.run(ctx -> assertThat(ctx.getBean(ApiProperties.class).allowedOrigins()).isEmpty());
        context.withPropertyValues("orrery.api.allowed-origins=http://localhost:3000,https://orrery.example.com")
                .run(ctx -> assertThat(ctx.getBean(ApiProperties.class).allowedOrigins())
                        .containsExactly("http://localhost:3000", "https://orrery.example.com"));
        for (String bad : new String[] {"*", "localhost:3000", "https://orrery.example.com/app", "null",
                "ftp://orrery.example.com", "https://user@orrery.example.com"}) {
            context.withPropertyValues("orrery.api.allowed-origins=" + bad).run(ctx -> assertThat(ctx).getFailure()
                    .rootCause().hasMessageContaining("orrery.api.allowed-origins must list origins")
                    .hasMessageContaining("got '" + bad + "'"));
        }
    }
}
