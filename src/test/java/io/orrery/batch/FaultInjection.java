package io.orrery.batch;

import io.orrery.system.PreUpdate;
import org.springframework.context.annotation.Bean;

/**
 * A controller that fails at step 100, added to a real Orrery process with
 * {@code --spring.main.sources=io.orrery.batch.FaultInjection}. Deliberately not a {@code @Configuration}, so
 * component scanning in other tests never picks it up.
 */
public class FaultInjection {

    @Bean
    PreUpdate divergingController() {
        return (info, world) -> {
            if (info.iterations() == 100) {
                throw new IllegalStateException("controller diverged at step 100");
            }
        };
    }
}
