package io.orrery.ops;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Who sees health details by default: with {@code orrery.api.token} set, only requests bearing the token
 * ({@code management.endpoint.health.show-details=when-authorized}; the token filter gives them a principal);
 * without a token, everyone, as before there was a token ({@code always}). Added last, so any
 * {@code show-details} the user configures wins.
 */
class HealthDetailsDefault implements EnvironmentPostProcessor {

    static final String SHOW_DETAILS = "management.endpoint.health.show-details";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String token = environment.getProperty("orrery.api.token");
        String show = token == null || token.isBlank() ? "always" : "when-authorized";
        environment
                .getPropertySources()
                .addLast(new MapPropertySource("orreryHealthDetailsDefault", Map.of(SHOW_DETAILS, show)));
    }
}
