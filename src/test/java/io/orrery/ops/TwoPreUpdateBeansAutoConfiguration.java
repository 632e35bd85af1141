package io.orrery.ops;

import io.orrery.system.PreUpdate;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;

/**
 * Issue 27's case: two PreUpdate systems as lambdas from {@code @Bean} methods of an auto-configuration, the later
 * priority declared first (so registration order alone would run it first). {@code @AutoConfiguration} keeps it
 * out of the component scan: only the tests that import it get it.
 */
@AutoConfiguration
class TwoPreUpdateBeansAutoConfiguration {

    @Bean
    @Order(100)
    PreUpdate late() {
        return (info, world) -> PrioritySystemsAutoConfiguration.ran("late", info);
    }

    @Bean
    @Order(-100)
    PreUpdate early() {
        return (info, world) -> PrioritySystemsAutoConfiguration.ran("early", info);
    }
}
