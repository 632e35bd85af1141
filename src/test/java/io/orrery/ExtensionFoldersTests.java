package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.orrery.builtin.Extensions;
import io.orrery.device.Device;
import io.orrery.device.DeviceDescriptor;
import io.orrery.physics.EngineDescriptor;
import io.orrery.physics.PhysicsEngine;
import io.orrery.plugin.Plugin;
import io.orrery.system.Configure;
import io.orrery.system.PostUpdate;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.Update;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Adding a system, a device kind or an engine is one folder (gz-sim's {@code GZ_ADD_PLUGIN}): every system, device and
 * engine class in a folder of {@code io.orrery.system}, {@code io.orrery.device}, {@code io.orrery.physics} or
 * {@code io.orrery.builtin} is made by a descriptor that the registry finds on the class path, and every descriptor
 * there is found (its {@code @AutoService} was not forgotten). Read from the compiled classes, as ArchUnit reads them.
 */
class ExtensionFoldersTests {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.orrery.system", "io.orrery.device", "io.orrery.physics", "io.orrery.builtin");

    private static final List<Class<?>> DESCRIPTORS =
            List.of(SystemDescriptor.class, DeviceDescriptor.class, EngineDescriptor.class);

    private static final List<Class<?>> SYSTEMS =
            List.of(Plugin.class, PreUpdate.class, Update.class, PostUpdate.class, Reset.class, Configure.class);

    @Test
    void everyDescriptorInAFolderIsFoundByTheRegistry() {
        Set<String> found = new HashSet<>();
        Extensions registry = Extensions.discovered();
        Stream.of(registry.systems(), registry.devices(), registry.engines())
                .flatMap(List::stream)
                .forEach(d -> found.add(d.getClass().getName()));
        List<String> declared = CLASSES.stream()
                .filter(c -> DESCRIPTORS.stream().anyMatch(c::isAssignableTo))
                .filter(c -> !c.isInterface() && !c.getModifiers().contains(JavaModifier.ABSTRACT))
                .map(JavaClass::getName)
                .toList();
        assertThat(declared).as("descriptors in the folders").hasSizeGreaterThanOrEqualTo(20);
        assertThat(found)
                .as("descriptors the registry finds (a missing one lacks @AutoService)")
                .containsAll(declared);
    }

    @Test
    void everySystemDeviceAndEngineInAFolderIsMadeByADescriptorTheRegistryFinds() {
        Set<String> reached = new HashSet<>();
        Extensions registry = Extensions.discovered();
        Stream.of(registry.systems(), registry.devices(), registry.engines())
                .flatMap(List::stream)
                .map(d -> CLASSES.get(d.getClass()))
                .forEach(d -> reached.addAll(reachedFrom(d)));
        List<String> unreached = new ArrayList<>();
        for (JavaClass c : CLASSES) {
            if (inAFolder(c) && isExtension(c) && !reached.contains(c.getName())) {
                unreached.add(c.getName());
            }
        }
        assertThat(unreached)
                .as("systems, devices and engines no descriptor makes: give each folder a descriptor")
                .isEmpty();
    }

    /** A class in a sub-package (a folder), not the package of the interfaces and the machinery. */
    private static boolean inAFolder(JavaClass c) {
        String pkg = c.getPackageName();
        return Stream.of("io.orrery.system.", "io.orrery.device.", "io.orrery.physics.")
                        .anyMatch(pkg::startsWith)
                || pkg.equals("io.orrery.builtin");
    }

    /** A concrete, named system (a plugin or a phase implementation), device or engine. */
    private static boolean isExtension(JavaClass c) {
        if (c.isInterface()
                || c.isAnonymousClass()
                || c.getModifiers().contains(JavaModifier.ABSTRACT)
                || DESCRIPTORS.stream().anyMatch(c::isAssignableTo)) {
            return false;
        }
        return SYSTEMS.stream().anyMatch(c::isAssignableTo)
                || c.isAssignableTo(Device.class)
                || c.isAssignableTo(PhysicsEngine.class);
    }

    /** The classes a descriptor (with its nested and anonymous classes) depends on directly. */
    private static Set<String> reachedFrom(JavaClass descriptor) {
        Set<String> reached = new HashSet<>();
        for (JavaClass c : CLASSES) {
            if (c.equals(descriptor) || c.getName().startsWith(descriptor.getName() + "$")) {
                for (Dependency d : c.getDirectDependenciesFromSelf()) {
                    reached.add(d.getTargetClass().getName());
                }
            }
        }
        return reached;
    }
}
