package io.orrery.ops;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Prioritized;
import io.orrery.system.UpdateInfo;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.annotation.Order;

/**
 * One PreUpdate system for each way a Spring user gives a priority, and pairs where two ways meet, declared in an
 * order unlike the priorities' so that only the priorities can put them in order. Each notes its name when it runs
 * in a step. {@code @AutoConfiguration} keeps it out of the component scan.
 */
@AutoConfiguration
class PrioritySystemsAutoConfiguration {

    /** The systems that ran in steps, in the order they ran. */
    static final List<String> RAN = new CopyOnWriteArrayList<>();

    static void ran(String name, UpdateInfo info) {
        if (!info.paused()) {
            RAN.add(name);
        }
    }

    /** A PreUpdate system that notes its name. */
    static class Noting implements PreUpdate {
        final String name;

        Noting(String name) {
            this.name = name;
        }

        @Override
        public void preUpdate(UpdateInfo info, PhysicsWorld world) {
            ran(name, info);
        }
    }

    static class OrderedSystem extends Noting implements Ordered {
        final int order;

        OrderedSystem(String name, int order) {
            super(name);
            this.order = order;
        }

        @Override
        public int getOrder() {
            return order;
        }
    }

    static final class PriorityOrderedSystem extends OrderedSystem implements PriorityOrdered {
        PriorityOrderedSystem(String name, int order) {
            super(name, order);
        }
    }

    @Order(-20)
    static final class ClassOrdered extends Noting {
        ClassOrdered() {
            super("classOrder");
        }
    }

    static final class OwnPriority extends Noting implements Prioritized {
        OwnPriority() {
            super("prioritized");
        }

        @Override
        public int priority() {
            return 30;
        }
    }

    /** Ordered says 10, Prioritized says -999: the Spring word wins. */
    static final class OrderedAndPrioritized extends OrderedSystem implements Prioritized {
        OrderedAndPrioritized() {
            super("orderedOverPrioritized", 10);
        }

        @Override
        public int priority() {
            return -999;
        }
    }

    /** A plugin that is also a system; its own priority (999) loses to the world's {@code <gz:system_priority>}. */
    @OrreryPlugin(filename = "orrery-test-pinned")
    static final class PinnedPlugin extends Noting implements Plugin, Prioritized {
        PinnedPlugin() {
            super("pinned");
        }

        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) {}

        @Override
        public int priority() {
            return 999;
        }
    }

    @Bean
    PreUpdate tieFirst() {
        return (info, world) -> ran("tieFirst", info);
    }

    @Bean
    Noting priorityOrdered() {
        return new PriorityOrderedSystem("priorityOrdered", 50);
    }

    @Bean
    Noting prioritized() {
        return new OwnPriority();
    }

    @Bean
    Noting ordered() {
        return new OrderedSystem("ordered", -50);
    }

    @Bean
    Noting orderedOverPrioritized() {
        return new OrderedAndPrioritized();
    }

    /** The method says -70, the instance (Ordered) says 70: the method wins. */
    @Bean
    @Order(-70)
    Noting methodOverOrdered() {
        return new OrderedSystem("methodOverOrdered", 70);
    }

    @Bean
    Noting classOrder() {
        return new ClassOrdered();
    }

    @Bean
    PreUpdate tieSecond() {
        return (info, world) -> ran("tieSecond", info);
    }

    @Bean
    @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
    PinnedPlugin pinnedPlugin() {
        return new PinnedPlugin();
    }
}
