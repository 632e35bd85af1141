package io.orrery.app;

import io.orrery.log.LogSafe;
import io.orrery.ops.OrreryProperties;
import io.orrery.runner.SimulationRunner;
import io.orrery.world.WorldSaver;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the use cases over the worlds the process runs (today the one runner, as {@link WorldId#DEFAULT}), and the
 * worlds directory's saver they load and save through.
 */
@Configuration(proxyBeanMethods = false)
class AppConfiguration {

    private static final Logger log = LoggerFactory.getLogger(AppConfiguration.class);

    @Bean
    Worlds worlds(SimulationRunner runner) {
        return new Worlds(List.of(new World(
                WorldId.DEFAULT,
                runner.control(),
                runner.edits(),
                runner.topics(),
                runner.hold(),
                runner.reads(),
                runner::addListener)));
    }

    /** The saver; temporary files a killed save left in the worlds directory are deleted first. */
    @Bean
    WorldSaver worldSaver(OrreryProperties properties) {
        WorldSaver saver = new WorldSaver(properties.worldsDirectory());
        for (Path leftover : saver.removeLeftoverTemporaries()) {
            log.info("Deleted {}, the temporary file of a save that did not finish", LogSafe.of(leftover));
        }
        return saver;
    }

    @Bean
    WorldControl worldControl(Worlds worlds) {
        return new WorldControl(worlds);
    }

    @Bean
    WorldSources worldSources(SdfReader reader) {
        return new WorldSources(reader);
    }

    @Bean
    WorldFiles worldFiles(Worlds worlds, WorldSaver saver) {
        return new WorldFiles(worlds, saver);
    }

    @Bean
    Models models(Worlds worlds, SdfReader reader, WorldSaver saver) {
        return new Models(worlds, reader, saver);
    }

    /** The world services, for gz-transport's callers and, through the runner, for plugins. */
    @Bean
    WorldServiceCalls worldServiceCalls(Worlds worlds, WorldControl control, Models models, SimulationRunner runner) {
        WorldServiceCalls calls = new WorldServiceCalls(worlds, control, models);
        runner.offerServices(calls);
        return calls;
    }

    @Bean
    Topics topics(Worlds worlds) {
        return new Topics(worlds);
    }

    @Bean
    Stepping stepping(Worlds worlds) {
        return new Stepping(worlds);
    }

    @Bean
    Cameras cameras(Worlds worlds, Topics topics) {
        return new Cameras(worlds, topics);
    }

    @Bean
    ControlHold controlHold(Worlds worlds) {
        return new ControlHold(worlds);
    }
}
