package io.orrery.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.builtin.Extensions;
import io.orrery.event.EventBus;
import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.PluginRegistry;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.mesh.MeshLoader;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the plain-Java core: the SDF reader, the physics engine {@code orrery.physics.engine} names, the systems and plugin types found among the beans, and
 * the runner.
 */
@Configuration(proxyBeanMethods = false)
class RunnerConfiguration {

    /** The systems, device kinds and engines: Orrery's, declared in their folders, and those among the beans. */
    @Bean
    Extensions extensions(ConfigurableListableBeanFactory beans) {
        return SystemBeans.extensions(beans);
    }

    @Bean
    SdfReader sdfReader(OrreryProperties properties, Extensions extensions) {
        PluginRegistry plugins = extensions.plugins();
        SdfReader reader = SdfReader.withEnvironment(properties.modelPathDirectories())
                .simulatingSensors(extensions.sensorTypes())
                .simulatingPlugins(p -> plugins.provides(p.filename(), p.name()))
                .simulatingPluginParts(plugins::notSimulated)
                .withLimits(properties.sdfLimits())
                .withMeshes(new MeshLoader(properties.meshLimits()))
                .refusingUnsupported(properties.sdf().unsupported().equals("fail"));
        return properties.fuelCache().map(reader::withFuelCache).orElse(reader);
    }

    @Bean
    PhysicsEngine physicsEngine(OrreryProperties properties) {
        return PhysicsEngines.named(
                properties.physics().engine(),
                io.orrery.physics.Articulation.named(properties.physics().articulation()));
    }

    @Bean
    SimulationRunner simulationRunner(
            OrreryProperties properties,
            SdfReader reader,
            PhysicsEngine engine,
            ConfigurableListableBeanFactory beans,
            Extensions extensions,
            ObjectMapper mapper,
            ConfigurableApplicationContext context,
            EventBus events) {
        Optional<Path> recording = RunRecordingFile.of(context.getEnvironment(), properties.reportFile());
        SimulationRunner runner = SimulationRunner.builder(reader::read, properties.worldFile(), engine)
                .systems(() -> SystemBeans.registrations(beans))
                .plugins(extensions.plugins(), pluginSettings(properties))
                .settings(settings(properties))
                .seed(properties.seed())
                .maxPendingCommands(properties.maxPendingCommands())
                .maxPendingPublishBytes(properties.maxPendingPublishBytes().toBytes())
                .allowedPluginEndpoints(properties.allowedPluginEndpoints())
                .events(events)
                .worldSystems(extensions.worldSystems())
                .devices(extensions.deviceKinds())
                .build();
        // Listeners are told in the order they were added: the report is written before the exit code is chosen.
        Optional<RunReportWriter> report =
                properties.reportFile().map(file -> new RunReportWriter(mapper, file, engine.name(), recording));
        report.ifPresent(runner::addListener);
        if (properties.exitOnStop()) {
            ExitOnStop.install(runner, context, report);
        }
        return runner;
    }

    /** Once every singleton exists: refuses beans marked as systems that are none, naming them. */
    @Bean
    static SmartInitializingSingleton markedSystemsCheck(ConfigurableListableBeanFactory beans) {
        return () -> SystemBeans.checkMarkedSystems(beans);
    }

    @Bean
    EventBus eventBus() {
        return new EventBus();
    }

    @Bean
    RunnerStartStop runnerStartStop(SimulationRunner runner) {
        return new RunnerStartStop(runner);
    }

    @Bean
    StatusLogger statusLogger(SimulationRunner runner, OrreryProperties properties) {
        return new StatusLogger(runner, properties.statusLogInterval());
    }

    static RunnerSettings settings(OrreryProperties p) {
        List<TriggerSpec> triggers = p.triggers().stream()
                .map(t -> new TriggerSpec(t.label(), t.event(), t.action(), t.sticky()))
                .toList();
        return new RunnerSettings(
                p.stepSize() == null
                        ? OptionalLong.empty()
                        : OptionalLong.of(p.stepSize().toNanos()),
                p.realTimeFactor() == null ? OptionalDouble.empty() : OptionalDouble.of(p.realTimeFactor()),
                p.maxStepsPerFrame(),
                p.maxCatchUp().toNanos(),
                p.startPaused(),
                p.stopAt() == null
                        ? OptionalLong.empty()
                        : OptionalLong.of(p.stopAt().toNanos()),
                p.stopAfterSteps() == null ? OptionalLong.empty() : OptionalLong.of(p.stopAfterSteps()),
                p.parallelPostUpdate(),
                triggers);
    }

    static PluginSettings pluginSettings(OrreryProperties p) {
        List<PluginSpec> alwaysOn =
                p.plugins().stream().map(RunnerConfiguration::pluginSpec).toList();
        return new PluginSettings(
                alwaysOn,
                Set.copyOf(p.requiredPlugins()),
                p.pluginStartTimeout(),
                p.pluginStartThreads(),
                Optional.of(p.pluginOutputDirectory()));
    }

    private static PluginSpec pluginSpec(OrreryProperties.PluginProperties p) {
        List<SdfElement> parameters = new ArrayList<>();
        p.parameters().forEach((name, text) -> parameters.add(new SdfElement(name, Map.of(), text, List.of())));
        return new PluginSpec(p.name(), p.filename(), parameters, OptionalInt.empty(), p.required(), 0);
    }
}
