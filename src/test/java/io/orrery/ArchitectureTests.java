package io.orrery;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The house rules on boundaries (STYLE.md): dependencies point one way down the layers and no packages form a
 * cycle; each third-party engine lives in one package; the core is plain.
 */
class ArchitectureTests {

    private static final JavaClasses ORRERY = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.orrery");

    @Test
    void onlyTheSdfPackageParsesXml() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.world.sdf..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.jdom2..")
                .check(ORRERY);
    }

    @Test
    void onlyTheJBulletPackageUsesJBullet() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.physics.jbullet..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("com.bulletphysics..", "javax.vecmath..")
                .check(ORRERY);
    }

    @Test
    void onlyTheBulletPackageUsesLibbulletjme() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.physics.bullet..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("com.jme3..", "jme3utilities..", "vhacd..", "vhacd4..", "com.simsilica..")
                .check(ORRERY);
    }

    @Test
    void onlyTheLifecyclePackageUsesSpringStatemachine() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.lifecycle..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.springframework.statemachine..")
                .check(ORRERY);
    }

    @Test
    void onlyTheSweepUsesHelmAndTheServerDoesNotUseTheSweep() {
        // helm-java is optional and left out of the application jar: the server reaching it would fail at run time
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.sweep..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("com.marcnuri.helm..", "io.orrery.sweep..")
                .check(ORRERY);
    }

    @Test
    void theCoreIsPlainJava() {
        noClasses()
                .that()
                .resideInAnyPackage(
                        "io.orrery.world..",
                        "io.orrery.physics..",
                        "io.orrery.system..",
                        "io.orrery.device..",
                        "io.orrery.plugin..",
                        "io.orrery.builtin..",
                        "io.orrery.runner..",
                        "io.orrery.trigger..",
                        "io.orrery.topic..",
                        "io.orrery.event..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.springframework..")
                .check(ORRERY);
    }

    /** No package depends on itself through others: every package, and every top-level package with its children. */
    @Test
    void noPackagesFormACycle() {
        slices().matching("io.orrery.(**)").should().beFreeOfCycles().check(ORRERY);
        slices().matching("io.orrery.(*)..").should().beFreeOfCycles().check(ORRERY);
    }

    /**
     * The layers, top to bottom: the surfaces (HTTP, the dashboard, gz-transport, the sweep tool), the wiring, the
     * runner, the registries of built-ins, the lifecycle and triggers, the systems, devices and plugins, the topic and
     * event buses, physics, and the world records. A layer uses only those below it.
     */
    @Test
    void dependenciesPointDownTheLayers() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("surface")
                .definedBy("io.orrery.api..", "io.orrery.web..", "io.orrery.transport..", "io.orrery.sweep..")
                .layer("ops")
                .definedBy("io.orrery.ops..")
                .layer("runner")
                .definedBy("io.orrery.runner..")
                .layer("builtins")
                .definedBy("io.orrery.builtin..")
                .layer("lifecycle")
                .definedBy("io.orrery.lifecycle..", "io.orrery.trigger..")
                .layer("extensions")
                .definedBy("io.orrery.system..", "io.orrery.device..", "io.orrery.plugin..")
                .layer("buses")
                .definedBy("io.orrery.topic..", "io.orrery.event..")
                .layer("physics")
                .definedBy("io.orrery.physics..")
                .layer("world")
                .definedBy("io.orrery.world..")
                .whereLayer("surface")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("ops")
                .mayOnlyBeAccessedByLayers("surface")
                .whereLayer("runner")
                .mayOnlyBeAccessedByLayers("surface", "ops")
                .whereLayer("builtins")
                .mayOnlyBeAccessedByLayers("surface", "ops")
                .whereLayer("lifecycle")
                .mayOnlyBeAccessedByLayers("surface", "ops", "runner")
                .whereLayer("extensions")
                .mayOnlyBeAccessedByLayers("surface", "ops", "runner", "builtins")
                .whereLayer("buses")
                .mayOnlyBeAccessedByLayers("surface", "ops", "runner", "builtins", "extensions")
                .whereLayer("physics")
                .mayOnlyBeAccessedByLayers("surface", "ops", "runner", "builtins", "extensions")
                .whereLayer("world")
                .mayOnlyBeAccessedByLayers(
                        "surface", "ops", "runner", "builtins", "lifecycle", "extensions", "buses", "physics")
                .check(ORRERY);
    }

    @Test
    void systemsDevicesAndPluginsNeverReachThePluginHost() {
        noClasses()
                .that()
                .resideInAnyPackage("io.orrery.system..", "io.orrery.device..", "io.orrery.builtin..")
                .or()
                .resideInAPackage("io.orrery.plugin")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.orrery.plugin.internal..")
                .check(ORRERY);
    }
}
