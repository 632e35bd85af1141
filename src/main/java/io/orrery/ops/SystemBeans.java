package io.orrery.ops;

import io.orrery.builtin.Extensions;
import io.orrery.device.DeviceDescriptor;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginFactory;
import io.orrery.runner.port.SystemRegistration;
import io.orrery.system.OrrerySystem;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.SystemOrigin;
import io.orrery.system.Update;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;

/**
 * The systems and plugin types among the application's beans: from Orrery, from the auto-configurations of jars
 * on the class path, and from the packages in {@code orrery.scan-packages}. Mistakes a user can make in them stop
 * the start with a message naming the beans: a bean marked {@link OrrerySystem} that is no system, one
 * {@link OrreryPlugin} filename taken twice.
 */
final class SystemBeans {

    private static final List<Class<?>> PHASES = List.of(PreUpdate.class, Update.class, PostUpdate.class);

    private SystemBeans() {}

    /**
     * Every bean implementing a phase interface, in registration (load) order, with its priority as Spring users
     * give it ({@link BeanPriority}). Looked up when the world loads, so systems may depend on the runner. Plugin
     * beans are not systems of their own: they take part in steps through their {@code <plugin>} element.
     */
    static List<SystemRegistration> registrations(ConfigurableListableBeanFactory beans) {
        Set<String> names = new HashSet<>();
        for (Class<?> phase : PHASES) {
            names.addAll(List.of(beans.getBeanNamesForType(phase, false, false)));
        }
        names.removeAll(List.of(beans.getBeanNamesForAnnotation(OrreryPlugin.class)));
        List<SystemRegistration> systems = new ArrayList<>();
        for (String name : beans.getBeanDefinitionNames()) {
            if (names.contains(name)) {
                Object bean = beans.getBean(name);
                BeanPriority priority = BeanPriority.of(beans, name, bean);
                systems.add(new SystemRegistration(
                        bean, priority.value(), priority.source(), SystemOrigin.springBean(name)));
            }
        }
        return systems;
    }

    /**
     * The extensions on the class path and those among the beans: {@link SystemDescriptor} and
     * {@link DeviceDescriptor} beans, and every {@link OrreryPlugin} bean as a plugin system (prototype-scoped, so
     * each {@code <plugin>} element gets its own object). All go through the one registry, as the built-ins do. A
     * filename two beans claim, or one a bean shares with a built-in plugin, is refused naming both.
     */
    static Extensions extensions(ConfigurableListableBeanFactory beans) {
        Set<String> builtIn = Extensions.discovered().plugins().filenames();
        Map<String, String> claimedBy = new LinkedHashMap<>();
        List<SystemDescriptor> systems = new ArrayList<>(
                beans.getBeanProvider(SystemDescriptor.class).orderedStream().toList());
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
            for (String filename : annotation.filename()) {
                if (builtIn.contains(filename)) {
                    throw new IllegalStateException(
                            "plugin filename '" + filename + "' of bean " + describe(beans, name)
                                    + " is taken by one of Orrery's built-in plugins; choose another filename");
                }
                String other = claimedBy.putIfAbsent(filename, name);
                if (other != null) {
                    throw new IllegalStateException("plugin filename '" + filename + "' is defined twice: by bean "
                            + describe(beans, other) + " and by bean " + describe(beans, name)
                            + "; a <plugin filename> must name one plugin type");
                }
            }
            systems.add(new PluginBean(name, List.of(annotation.filename()), spec -> (Plugin) beans.getBean(name)));
        }
        return Extensions.discovered()
                .withSystems(systems)
                .withDevices(beans.getBeanProvider(DeviceDescriptor.class)
                        .orderedStream()
                        .toList());
    }

    /** An {@link OrreryPlugin} bean as the system it declares: its filenames, made by the bean factory. */
    private record PluginBean(String beanName, List<String> filenames, PluginFactory pluginFactory)
            implements SystemDescriptor {

        @Override
        public String name() {
            return "spring-bean:" + beanName;
        }

        @Override
        public Kind kind() {
            return Kind.PLUGIN;
        }
    }

    /**
     * Refuses a bean marked {@link OrrerySystem} (on its class or its {@code @Bean} method) that implements no
     * phase interface and is no plugin. Called once every singleton exists, so the bean is looked at as made.
     */
    static void checkMarkedSystems(ConfigurableListableBeanFactory beans) {
        for (String name : beans.getBeanDefinitionNames()) {
            if (!isMarked(beans, name)) {
                continue;
            }
            Object bean = beans.getBean(name);
            boolean system = PHASES.stream().anyMatch(phase -> phase.isInstance(bean)) || bean instanceof Reset;
            if (!system && !(bean instanceof Plugin)) {
                throw new IllegalStateException("bean " + describe(beans, name) + " is marked @OrrerySystem but"
                        + " implements none of the phase interfaces (io.orrery.system.PreUpdate, Update, PostUpdate,"
                        + " Reset) and is not an io.orrery.plugin.Plugin, so it would never run");
            }
        }
    }

    private static boolean isMarked(ConfigurableListableBeanFactory beans, String name) {
        BeanDefinition definition = beans.getBeanDefinition(name);
        if (definition.isAbstract()) {
            return false;
        }
        Method factory = BeanPriority.factoryMethod(beans, name);
        if (factory != null && AnnotatedElementUtils.hasAnnotation(factory, OrrerySystem.class)) {
            return true;
        }
        return beans.findAnnotationOnBean(name, OrrerySystem.class, false) != null;
    }

    /** {@code 'wind' (com.example.Wind, from WindConfiguration.wind())}: enough to find the bean's source. */
    static String describe(ConfigurableListableBeanFactory beans, String name) {
        Class<?> type = beans.getType(name, false);
        Method factory = BeanPriority.factoryMethod(beans, name);
        String where = factory != null
                ? ", from " + factory.getDeclaringClass().getName() + "." + factory.getName() + "()"
                : "";
        String resource = factory == null && beans.containsBeanDefinition(name)
                ? beans.getBeanDefinition(name).getResourceDescription()
                : null;
        return "'" + name + "' (" + (type == null ? "unknown type" : type.getName()) + where
                + (resource == null ? "" : ", from " + resource) + ")";
    }
}
