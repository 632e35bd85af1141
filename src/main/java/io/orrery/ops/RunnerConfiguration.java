package io.orrery.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.orrery.physics.PhysicsEngine;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.runner.MonotonicClock;
import io.orrery.runner.RunListener;
import io.orrery.runner.RunResult;
import io.orrery.runner.RunnerSettings;
import io.orrery.runner.SimulationRunner;
import io.orrery.runner.Sleeper;
import io.orrery.runner.SystemCatalog;
import io.orrery.runner.SystemRegistration;
import io.orrery.runner.WorldSource;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Update;
import io.orrery.trigger.TriggerSpec;
import io.orrery.world.WorldSpec;
import io.orrery.world.sdf.SdfReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.OrderUtils;

/** Wires the plain-Java core: the SDF reader, JBullet, the systems found among the beans, and the runner. */
@Configuration(proxyBeanMethods = false)
class RunnerConfiguration {

    @Bean
    SdfReader sdfReader(OrreryProperties properties) {
        return SdfReader.withEnvironment(properties.modelPath());
    }

    @Bean
    PhysicsEngine physicsEngine() {
        return new JBulletPhysicsEngine();
    }

    @Bean
    SimulationRunner simulationRunner(OrreryProperties properties, SdfReader reader, PhysicsEngine engine,
            ListableBeanFactory beans, ObjectMapper mapper, ConfigurableApplicationContext context) {
        SimulationRunner runner = new SimulationRunner(worldSource(properties.world(), reader), engine,
                () -> systemBeans(beans), SystemCatalog.NONE, settings(properties), MonotonicClock.SYSTEM, Sleeper.SYSTEM);
        if (properties.report() != null) {
            RunReportWriter writer = new RunReportWriter(mapper);
            Path report = properties.report();
            runner.addListener(new RunListener() {
                @Override
                public void onFinished(RunResult result) {
                    writer.write(result, report);
                }
            });
        }
        if (properties.exitOnStop()) {
            ExitOnStop.install(runner, context);
        }
        return runner;
    }

    @Bean
    RunnerLifecycle runnerLifecycle(SimulationRunner runner) {
        return new RunnerLifecycle(runner);
    }

    @Bean
    StatusLogger statusLogger(SimulationRunner runner, OrreryProperties properties) {
        return new StatusLogger(runner, properties.statusLogInterval());
    }

    static WorldSource worldSource(Path file, SdfReader reader) {
        return new WorldSource() {
            @Override
            public Path file() {
                return file;
            }

            @Override
            public WorldSpec load() {
                return reader.read(file);
            }
        };
    }

    static RunnerSettings settings(OrreryProperties p) {
        List<TriggerSpec> triggers = p.triggers().stream()
                .map(t -> new TriggerSpec(t.label(), t.event(), t.action(), t.sticky()))
                .toList();
        return new RunnerSettings(
                p.stepSize() == null ? OptionalLong.empty() : OptionalLong.of(p.stepSize().toNanos()),
                p.realTimeFactor() == null ? OptionalDouble.empty() : OptionalDouble.of(p.realTimeFactor()),
                p.maxStepsPerFrame(),
                p.startPaused(),
                p.stopAt() == null ? OptionalLong.empty() : OptionalLong.of(p.stopAt().toNanos()),
                p.stopAfterSteps() == null ? OptionalLong.empty() : OptionalLong.of(p.stopAfterSteps()),
                p.parallelPostUpdate(),
                triggers);
    }

    /**
     * Every bean implementing a phase interface, in registration (load) order, with its {@code @Order} if it has
     * one. Looked up when the world loads, so systems may depend on the runner.
     */
    static List<SystemRegistration> systemBeans(ListableBeanFactory beans) {
        Set<String> names = new HashSet<>();
        for (Class<?> phase : List.of(PreUpdate.class, Update.class, PostUpdate.class)) {
            names.addAll(List.of(beans.getBeanNamesForType(phase)));
        }
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
