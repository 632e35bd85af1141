package io.orrery.transport.record;

import io.orrery.app.Models;
import io.orrery.app.Topics;
import io.orrery.app.Worlds;
import java.nio.file.Path;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With {@code orrery.replay=FILE.mcap} (set up by {@link ReplayEnvironment}): once the service has started, replays
 * the recording, prints the verdict and exits with its code (0 identical, 9 a step differs, 4 cannot replay).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = ReplayEnvironment.PROPERTY)
class ReplayConfiguration {

    @Bean
    ApplicationRunner replayRun(
            Worlds worlds,
            Topics topics,
            Models models,
            ConfigurableApplicationContext context,
            org.springframework.core.env.Environment env) {
        return args -> {
            Path file = Path.of(env.getProperty(ReplayEnvironment.PROPERTY, ""));
            ReplayRun.Verdict v;
            try {
                v = new ReplayRun(worlds, topics, models).replay(file);
            } catch (Exception e) {
                v = new ReplayRun.Verdict(ReplayRun.CANNOT, "the replay failed: " + e);
            }
            System.out.println("orrery replay: " + v.message());
            int code = v.code();
            Thread exiter = new Thread(() -> System.exit(SpringApplication.exit(context, () -> code)), "orrery-exit");
            exiter.setDaemon(false);
            exiter.start();
        };
    }
}
