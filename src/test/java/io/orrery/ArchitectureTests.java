package io.orrery;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.orrery.physics.EngineDescriptor;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The house rules on boundaries (STYLE.md): every package is placed in a layer and dependencies point one way down
 * the layers; no packages form a cycle; internal packages are closed to outsiders; each third-party library lives in
 * one package and no engine uses another; the core is plain; surfaces only translate, through the use cases; the
 * runner's rooms are reached through its ports.
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

    /**
     * Libbulletjme is the native Bullet engine's, and V-HACD's: the convex decomposition that both engines' meshes get
     * as the world is read lives in world.mesh.decomposition, with the one loader of the native library (a second
     * copy in a process would bind its natives twice). No engine imports another's package for it.
     */
    @Test
    void onlyTheBulletPackageAndTheDecompositionUseLibbulletjme() {
        noClasses()
                .that()
                .resideOutsideOfPackages("io.orrery.physics.bullet..", "io.orrery.world.mesh.decomposition")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("com.jme3..", "jme3utilities..", "vhacd..", "vhacd4..", "com.simsilica..")
                .check(ORRERY);
    }

    /**
     * Engines build bodies on the runner thread (a spawn, a reset, a reload): they take a mesh's convex parts as the
     * reader computed them, and neither they nor the runner ever run V-HACD (issue 33 item 3).
     */
    @Test
    void noEngineNorTheRunnerDecomposesAMesh() {
        noClasses()
                .that()
                .resideInAnyPackage("io.orrery.physics..", "io.orrery.runner..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("io.orrery.world.mesh.decomposition.ConvexDecomposition")
                .check(ORRERY);
    }

    @Test
    void onlyTheRenderPackageUsesOpenGlAndEgl() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.render..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.lwjgl.opengl..", "org.lwjgl.egl..")
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
    void onlyTheMcapPackageUsesTheCompressionLibraries() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.transport.record.mcap..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.airlift.compress..", "net.jpountz..")
                .check(ORRERY);
    }

    /**
     * The MCAP library stands alone, for the recording of a run, its replay and a Foxglove server to share: plain Java
     * and its two compressors, nothing else of Orrery's.
     */
    @Test
    void theMcapLibraryStandsAlone() {
        classes()
                .that()
                .resideInAPackage("io.orrery.transport.record.mcap..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "io.orrery.transport.record.mcap..", "java..", "io.airlift.compress..", "net.jpountz..")
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
                        "io.orrery.render..",
                        "io.orrery.plugin..",
                        "io.orrery.builtin..",
                        "io.orrery.runner..",
                        "io.orrery.control..",
                        "io.orrery.trigger..",
                        "io.orrery.topic..",
                        "io.orrery.event..",
                        "io.orrery.log..")
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
     * A layer: the packages it holds, the layers that may use it (none: only what is above all), and whether it may be
     * empty (a room planned but not built yet).
     */
    private record Layer(String name, List<String> packages, List<String> usedBy, boolean planned) {}

    /**
     * The layers, top to bottom: the application's main class; the surfaces (HTTP, the dashboard, gz-transport, the
     * MCAP library under transport.record and the planned Foxglove bridge under transport, the sweep tool); what
     * surfaces share (server-sent events, sse); the use cases (app); the
     * wiring; the runner and the controller binding (control, planned); the registries of built-ins; the lifecycle and
     * triggers; the systems, devices and plugins; rendering (the cameras draw with it); the topic and event buses;
     * physics; noise as SDF describes it (sensors' and systems'); the world records; and what goes into the log (used
     * by all, using none). A layer uses only those below it, and only those that list it.
     */
    private static final List<Layer> LAYERS = List.of(
            new Layer("boot", List.of("io.orrery"), List.of(), false),
            new Layer(
                    "surface",
                    List.of("io.orrery.api..", "io.orrery.web..", "io.orrery.transport..", "io.orrery.sweep.."),
                    List.of("boot"),
                    false),
            new Layer("surface support", List.of("io.orrery.sse.."), List.of("boot", "surface"), false),
            new Layer("app", List.of("io.orrery.app.."), List.of("boot", "surface"), false),
            new Layer("ops", List.of("io.orrery.ops.."), List.of("boot", "surface", "app"), false),
            new Layer(
                    "runner",
                    List.of("io.orrery.runner..", "io.orrery.control.."),
                    List.of("boot", "surface", "app", "ops"),
                    false),
            new Layer("builtins", List.of("io.orrery.builtin.."), List.of("boot", "surface", "app", "ops"), false),
            new Layer(
                    "lifecycle",
                    List.of("io.orrery.lifecycle..", "io.orrery.trigger.."),
                    List.of("boot", "surface", "app", "ops", "runner"),
                    false),
            new Layer(
                    "extensions",
                    List.of("io.orrery.system..", "io.orrery.device..", "io.orrery.plugin.."),
                    List.of("boot", "surface", "app", "ops", "runner", "builtins"),
                    false),
            new Layer(
                    "render",
                    List.of("io.orrery.render.."),
                    List.of("boot", "surface", "app", "ops", "runner", "builtins", "extensions"),
                    false),
            new Layer(
                    "buses",
                    List.of("io.orrery.topic..", "io.orrery.event.."),
                    List.of("boot", "surface", "app", "ops", "runner", "builtins", "extensions"),
                    false),
            new Layer(
                    "physics",
                    List.of("io.orrery.physics.."),
                    List.of("boot", "surface", "app", "ops", "runner", "builtins", "extensions", "render"),
                    false),
            new Layer(
                    "noise",
                    List.of("io.orrery.noise.."),
                    List.of("boot", "surface", "app", "ops", "runner", "builtins", "extensions"),
                    false),
            new Layer(
                    "world",
                    List.of("io.orrery.world.."),
                    List.of(
                            "boot",
                            "surface",
                            "app",
                            "ops",
                            "runner",
                            "builtins",
                            "lifecycle",
                            "extensions",
                            "render",
                            "buses",
                            "physics",
                            "noise"),
                    false),
            new Layer(
                    "log",
                    List.of("io.orrery.log.."),
                    List.of(
                            "boot",
                            "surface",
                            "app",
                            "ops",
                            "runner",
                            "builtins",
                            "lifecycle",
                            "extensions",
                            "render",
                            "buses",
                            "physics",
                            "world"),
                    false));

    @Test
    void dependenciesPointDownTheLayers() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (Layer l : LAYERS) {
            layers = (l.planned() ? layers.optionalLayer(l.name()) : layers.layer(l.name()))
                    .definedBy(l.packages().toArray(String[]::new));
        }
        for (Layer l : LAYERS) {
            layers = l.usedBy().isEmpty()
                    ? layers.whereLayer(l.name()).mayNotBeAccessedByAnyLayer()
                    : layers.whereLayer(l.name())
                            .mayOnlyBeAccessedByLayers(l.usedBy().toArray(String[]::new));
        }
        layers.check(ORRERY);
    }

    /**
     * Every package sits in a layer: a new top-level package nobody placed fails here, naming it, instead of passing
     * every rule above because the layers ignore it.
     */
    @Test
    void everyPackageIsPlacedInALayer() {
        List<PackageMatcher> placed = LAYERS.stream()
                .flatMap(l -> l.packages().stream())
                .map(PackageMatcher::of)
                .toList();
        Set<String> unplaced = new TreeSet<>();
        for (JavaClass c : ORRERY) {
            if (placed.stream().noneMatch(m -> m.matches(c.getPackageName()))) {
                unplaced.add(c.getPackageName());
            }
        }
        assertThat(unplaced)
                .as("packages in no layer: add each to a layer in ArchitectureTests.LAYERS (and STYLE.md's list)")
                .isEmpty();
    }

    /**
     * No engine uses another: each physics engine (a package of {@code io.orrery.physics} holding an
     * {@link EngineDescriptor}) is chosen by name and stands alone on the shared core ({@code physics.rigid}). What
     * two engines share lives below them: the convex decomposition both take as the world is read is in
     * {@code world.mesh.decomposition}, no longer in {@code physics.bullet} (issue 32).
     */
    @Test
    void noEngineUsesAnother() {
        Set<String> engines = new TreeSet<>();
        for (JavaClass c : ORRERY) {
            if (!c.isInterface() && c.isAssignableTo(EngineDescriptor.class)) {
                engines.add(c.getPackageName());
            }
        }
        assertThat(engines).as("engine packages").hasSizeGreaterThanOrEqualTo(2);
        classes()
                .should(new ArchCondition<JavaClass>("use no other engine's package") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        String from = engineOf(engines, origin.getPackageName());
                        if (from == null) {
                            return;
                        }
                        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                            String to = engineOf(engines, d.getTargetClass().getPackageName());
                            if (to != null && !to.equals(from)) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .check(ORRERY);
    }

    private static String engineOf(Set<String> engines, String pkg) {
        for (String engine : engines) {
            if (pkg.equals(engine) || pkg.startsWith(engine + ".")) {
                return engine;
            }
        }
        return null;
    }

    /**
     * {@code internal} packages are closed: a class in {@code x.internal} is used only from {@code x} and below it. One
     * exception, precise: the runner builds and drives each world's plugin host (loads, starts, resets and ends its
     * plugins), which is the host's whole purpose. Every other package sees plugins through {@code io.orrery.plugin}
     * (the SPI, and {@code HostedPlugins} for a world's plugins), never the host.
     */
    @Test
    void internalPackagesAreClosedToOutsiders() {
        classes()
                .should(new ArchCondition<JavaClass>("use internal packages only from inside their parent") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                            String target = d.getTargetClass().getPackageName();
                            int internal = target.indexOf(".internal");
                            if (internal < 0 || !target.startsWith("io.orrery.")) {
                                continue;
                            }
                            String parent = target.substring(0, internal);
                            String from = origin.getPackageName();
                            boolean inside = from.equals(parent) || from.startsWith(parent + ".");
                            boolean runnerDrivesTheHost = parent.equals("io.orrery.plugin")
                                    && (from.equals("io.orrery.runner") || from.startsWith("io.orrery.runner."));
                            if (!inside && !runnerDrivesTheHost) {
                                events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                            }
                        }
                    }
                })
                .check(ORRERY);
    }

    /**
     * The surfaces only translate: each reaches the world through the use cases, never the runner's wiring, reads no
     * SDF itself, and uses no other surface.
     */
    @Test
    void surfacesTranslateOnly() {
        String[] surfaces = {"io.orrery.api..", "io.orrery.web..", "io.orrery.transport.."};
        noClasses()
                .that()
                .resideInAnyPackage(surfaces)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.orrery.world.sdf..", "io.orrery.runner")
                .check(ORRERY);
        for (String surface : surfaces) {
            String[] others = java.util.Arrays.stream(surfaces)
                    .filter(s -> !s.equals(surface))
                    .toArray(String[]::new);
            noClasses()
                    .that()
                    .resideInAPackage(surface)
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(others)
                    .check(ORRERY);
        }
    }

    /**
     * Outside the runner, its rooms are reached through its ports and clock alone ({@code runner.port},
     * {@code runner.pacing}); only the wiring ({@code ops}, the use cases' configuration) builds it.
     */
    @Test
    void theRunnersRoomsAreReachedThroughItsPorts() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.orrery.runner..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "io.orrery.runner.command..",
                        "io.orrery.runner.session..",
                        "io.orrery.runner.loop..",
                        "io.orrery.runner.hold..",
                        "io.orrery.runner.edit..")
                .check(ORRERY);
        noClasses()
                .that()
                .resideInAPackage("io.orrery.app..")
                .and()
                .haveSimpleNameNotEndingWith("Configuration")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.orrery.runner")
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
