package io.orrery.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginRegistry;
import io.orrery.plugin.builtin.BuiltinPlugins;
import io.orrery.runner.PluginSettings;
import io.orrery.runner.RunnerSettings;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.SystemRegistration;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Update;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import io.orrery.world.sdf.SdfReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.OrderUtils;

/**
 * Wires the plain-Java core: the SDF reader, the physics engine {@code orrery.physics.engine} names, the systems and plugin types found among the beans, and
 * the runner.
 */
@Configuration(proxyBeanMethods = false)
class RunnerConfiguration {

    @Bean
    SdfReader sdfReader(OrreryProperties properties) {
        return SdfReader.withEnvironment(properties.modelPathDirectories()).withLimits(properties.sdfLimits());
    }

    @Bean
    PhysicsEngine physicsEngine(OrreryProperties properties) {
        return PhysicsEngines.named(properties.physics().engine());
    }

    @Bean
    SimulationRunner simulationRunner(OrreryProperties properties, SdfReader reader, PhysicsEngine engine,
            ConfigurableListableBeanFactory beans, ObjectMapper mapper, ConfigurableApplicationContext context,
            EventBus events) {
        SimulationRunner runner = SimulationRunner.builder(reader::read, properties.worldFile(), engine)
                .systems(() -> systemBeans(beans))
                .plugins(pluginRegistry(beans), pluginSettings(properties))
                .settings(settings(properties))
                .seed(properties.seed())
                .maxPendingCommands(properties.maxPendingCommands())
                .events(events)
                .build();
        // Listeners are told in the order they were added: the report is written before the exit code is chosen.
        Optional<RunReportWriter> report = properties.reportFile().map(file -> new RunReportWriter(mapper, file,
                engine.name()));
        report.ifPresent(runner::addListener);
        if (properties.exitOnStop()) {
            ExitOnStop.install(runner, context, report);
        }
        return runner;
    }

    @Bean
    EventBus eventBus() {
        return new EventBus();
    }

    @Bean
    RunnerLifecycle runnerLifecycle(SimulationRunner runner) {
        return new RunnerLifecycle(runner);
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
                p.stepSize() == null ? OptionalLong.empty() : OptionalLong.of(p.stepSize().toNanos()),
                p.realTimeFactor() == null ? OptionalDouble.empty() : OptionalDouble.of(p.realTimeFactor()),
                p.maxStepsPerFrame(),
                p.maxCatchUp().toNanos(),
                p.startPaused(),
                p.stopAt() == null ? OptionalLong.empty() : OptionalLong.of(p.stopAt().toNanos()),
                p.stopAfterSteps() == null ? OptionalLong.empty() : OptionalLong.of(p.stopAfterSteps()),
                p.parallelPostUpdate(),
                triggers);
    }

    static PluginSettings pluginSettings(OrreryProperties p) {
        List<PluginSpec> alwaysOn = p.plugins().stream().map(RunnerConfiguration::pluginSpec).toList();
        return new PluginSettings(alwaysOn, Set.copyOf(p.requiredPlugins()), p.pluginStartTimeout(),
                p.pluginStartThreads());
    }

    private static PluginSpec pluginSpec(OrreryProperties.PluginProperties p) {
        List<SdfElement> parameters = new ArrayList<>();
        p.parameters().forEach((name, text) -> parameters.add(new SdfElement(name, Map.of(), text, List.of())));
        return new PluginSpec(p.name(), p.filename(), parameters, OptionalInt.empty(), p.required(), 0);
    }

    /**
     * The built-in plugin types and every {@link OrreryPlugin} bean: prototype-scoped, so each {@code <plugin>}
     * element gets its own object.
     */
    static PluginRegistry pluginRegistry(ConfigurableListableBeanFactory beans) {
        PluginRegistry registry = BuiltinPlugins.registerAll(new PluginRegistry());
        for (String name : beans.getBeanNamesForAnnotation(OrreryPlugin.class)) {
            Class<?> type = beans.getType(name);
            if (type == null || !Plugin.class.isAssignableFrom(type)) {
                throw new IllegalStateException("bean '" + name + "' is marked @OrreryPlugin but is not a Plugin");
            }
            if (!beans.getBeanDefinition(name).isPrototype()) {
                throw new IllegalStateException("plugin bean '" + name + "' must be prototype-scoped"
                        + " (@Scope(\"prototype\")): each <plugin> element needs its own object");
            }
            OrreryPlugin annotation = beans.findAnnotationOnBean(name, OrreryPlugin.class);
            registry.register(spec -> (Plugin) beans.getBean(name), annotation.filename());
        }
        return registry;
    }

    /**
     * Every bean implementing a phase interface, in registration (load) order, with its {@code @Order} if it has
     * one. Looked up when the world loads, so systems may depend on the runner. Plugin beans are not systems
     * of their own: they take part in steps through their {@code <plugin>} element.
     */
    static List<SystemRegistration> systemBeans(ListableBeanFactory beans) {
        Set<String> names = new HashSet<>();
        for (Class<?> phase : List.of(PreUpdate.class, Update.class, PostUpdate.class)) {
            names.addAll(List.of(beans.getBeanNamesForType(phase, false, false)));
        }
        names.removeAll(List.of(beans.getBeanNamesForAnnotation(OrreryPlugin.class)));
        List<SystemRegistration> systems = new ArrayList<>();
        for (String name : beans.getBeanDefinitionNames()) {
            if (names.contains(name)) {
                Object bean = beans.getBean(name);
                systems.add(new SystemRegistration(bean, priorityOf(bean)));
            }
        }
        return systems;
    }

    private static OptionalInt priorityOf(Object bean) {
        if (bean instanceof Ordered ordered) {
            return OptionalInt.of(ordered.getOrder());
        }
        Integer order = OrderUtils.getOrder(bean.getClass());
        return order == null ? OptionalInt.empty() : OptionalInt.of(order);
    }
}
