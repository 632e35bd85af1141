package io.orrery;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The house rules on boundaries (STYLE.md): each third-party engine lives in one package; the core is plain. */
class ArchitectureTests {

    private static final JavaClasses ORRERY = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.orrery");

    @Test
    void onlyTheSdfPackageParsesXml() {
        noClasses().that().resideOutsideOfPackage("io.orrery.world.sdf..")
                .should().dependOnClassesThat().resideInAPackage("org.jdom2..")
                .check(ORRERY);
    }

    @Test
    void onlyTheJBulletPackageUsesJBullet() {
        noClasses().that().resideOutsideOfPackage("io.orrery.physics.jbullet..")
                .should().dependOnClassesThat().resideInAnyPackage("com.bulletphysics..", "javax.vecmath..")
                .check(ORRERY);
    }

    @Test
    void onlyTheBulletPackageUsesLibbulletjme() {
        noClasses().that().resideOutsideOfPackage("io.orrery.physics.bullet..")
                .should().dependOnClassesThat().resideInAnyPackage("com.jme3..", "jme3utilities..", "vhacd..",
                        "vhacd4..", "com.simsilica..")
                .check(ORRERY);
    }

    @Test
    void onlyTheLifecyclePackageUsesSpringStatemachine() {
        noClasses().that().resideOutsideOfPackage("io.orrery.lifecycle..")
                .should().dependOnClassesThat().resideInAPackage("org.springframework.statemachine..")
                .check(ORRERY);
    }

    @Test
    void onlyTheSweepUsesHelmAndTheServerDoesNotUseTheSweep() {
        // helm-java is optional and left out of the application jar: the server reaching it would fail at run time
        noClasses().that().resideOutsideOfPackage("io.orrery.sweep..")
                .should().dependOnClassesThat().resideInAnyPackage("com.marcnuri.helm..", "io.orrery.sweep..")
                .check(ORRERY);
    }

    @Test
    void theCoreIsPlainJava() {
        noClasses().that().resideInAnyPackage("io.orrery.world..", "io.orrery.physics..", "io.orrery.system..",
                "io.orrery.plugin..", "io.orrery.runner..", "io.orrery.trigger..", "io.orrery.topic..")
                .should().dependOnClassesThat().resideInAPackage("org.springframework..")
                .check(ORRERY);
    }

    @Test
    void theCoreDoesNotReachForTheServiceSurface() {
        noClasses().that().resideInAnyPackage("io.orrery.world..", "io.orrery.physics..", "io.orrery.system..",
                "io.orrery.plugin..", "io.orrery.runner..", "io.orrery.trigger..", "io.orrery.lifecycle..",
                "io.orrery.topic..")
                .should().dependOnClassesThat().resideInAnyPackage("io.orrery.api..", "io.orrery.ops..")
                .check(ORRERY);
    }
}
