package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.runner.port.PluginSettings;
import io.orrery.runner.port.RunnerSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The orrery.* properties: Spring Boot's forms bind, and a bad value fails startup naming the property. */
class OrreryPropertiesTests {

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(OrreryProperties.class)
    static class PropertiesOnly {}

    private final ApplicationContextRunner context =
            new ApplicationContextRunner().withUserConfiguration(PropertiesOnly.class);

    @Test
    void defaultsAndDurationsInSpringBootForms() {
        context.withPropertyValues(
                        "orrery.step-size=2ms",
                        "orrery.stop-at=PT2.5S",
                        "orrery.real-time-factor=0",
                        "orrery.triggers[0].event=time=1.5",
                        "orrery.triggers[0].action=stop")
                .run(ctx -> {
                    OrreryProperties p = ctx.getBean(OrreryProperties.class);
                    assertThat(p.stepSize()).isEqualTo(Duration.ofMillis(2));
                    assertThat(p.stopAt()).isEqualTo(Duration.ofMillis(2500));
                    assertThat(p.realTimeFactor()).isZero();
                    assertThat(p.maxStepsPerFrame()).isEqualTo(10);
                    assertThat(p.maxCatchUp()).isEqualTo(Duration.ofSeconds(1));
                    assertThat(p.worldFile()).isEqualTo(java.nio.file.Path.of("worlds/default.sdf"));
                    assertThat(p.triggers()).singleElement().satisfies(t -> {
                        assertThat(t.event()).isEqualTo("time=1.5");
                        assertThat(t.sticky()).isFalse();
                    });
                });
    }

    @Test
    void sdfLimitsHaveDefaultsBindAndAreChecked() {
        context.run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).sdfLimits())
                .isEqualTo(io.orrery.world.sdf.SdfLimits.DEFAULT));
        context.withPropertyValues("orrery.sdf.max-bytes=2MB", "orrery.sdf.max-depth=20", "orrery.sdf.max-models=50")
                .run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).sdfLimits())
                        .isEqualTo(new io.orrery.world.sdf.SdfLimits(2 * 1024 * 1024, 20, 50)));
        context.withPropertyValues("orrery.sdf.max-depth=3")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.sdf.max-depth must be at least 8, got 3"));
        context.withPropertyValues("orrery.sdf.max-models=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.sdf.max-models must be at least 1, got 0"));
    }

    @Test
    void sensorBoundsBindAndAreChecked() {
        context.withPropertyValues(
                        "orrery.sdf.max-lidar-rays=1000", "orrery.sdf.max-update-rate=500", "orrery.sdf.max-noise=2.5")
                .run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).sdfLimits())
                        .isEqualTo(io.orrery.world.sdf.SdfLimits.DEFAULT.withSensorBounds(1000, 500, 2.5)));
        context.withPropertyValues("orrery.sdf.max-lidar-rays=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.sdf.max-lidar-rays must be between 1 and 100000000, got 0"));
        context.withPropertyValues("orrery.sdf.max-lidar-rays=200000000")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.sdf.max-lidar-rays must be between 1 and 100000000, got 200000000"));
        context.withPropertyValues("orrery.sdf.max-update-rate=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.sdf.max-update-rate must be a finite number above 0 Hz, got 0.0"));
        context.withPropertyValues("orrery.sdf.max-noise=Infinity")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.sdf.max-noise must be a finite number above 0, got Infinity"));
    }

    @Test
    void unsupportedIsWarnByDefaultOrFail() {
        context.run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).sdf().unsupported())
                .isEqualTo("warn"));
        context.withPropertyValues("orrery.sdf.unsupported=FAIL")
                .run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).sdf().unsupported())
                        .isEqualTo("fail"));
        context.withPropertyValues("orrery.sdf.unsupported=ignore")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("orrery.sdf.unsupported must be warn or fail, got 'ignore'"));
    }

    @Test
    void meshLimitsHaveDefaultsBindAndAreChecked() {
        context.run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).meshLimits())
                .isEqualTo(io.orrery.world.mesh.MeshLimits.DEFAULT));
        context.withPropertyValues(
                        "orrery.mesh.max-bytes=1MB",
                        "orrery.mesh.max-triangles=1000",
                        "orrery.mesh.cache-max-triangles=0")
                .run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).meshLimits())
                        .isEqualTo(new io.orrery.world.mesh.MeshLimits(1024 * 1024, 1000, 0)));
        context.withPropertyValues("orrery.mesh.max-triangles=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.mesh.max-triangles must be at least 1, got 0"));
        context.withPropertyValues("orrery.mesh.cache-max-triangles=-1")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.mesh.cache-max-triangles must be at least 0, got -1"));
    }

    @Test
    void anAbsolutePathStaysOnTheFileSystemEvenWhenTheClasspathHasOneOfThatName() {
        // src/test/resources/worlds is on the test classpath as /worlds: Spring's default editor would pick it.
        context.withPropertyValues("orrery.worlds-dir=/worlds", "orrery.world=/worlds/ramp.sdf")
                .run(ctx -> {
                    OrreryProperties p = ctx.getBean(OrreryProperties.class);
                    assertThat(p.worldsDirectory()).isEqualTo(java.nio.file.Path.of("/worlds"));
                    assertThat(p.worldFile()).isEqualTo(java.nio.file.Path.of("/worlds/ramp.sdf"));
                });
    }

    @Test
    void aNegativeRealTimeFactorNamesThePropertyAndTheRange() {
        context.withPropertyValues("orrery.real-time-factor=-1")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.real-time-factor must be a number at least 0 (0 runs as fast as"
                                + " possible), got -1.0"));
        context.withPropertyValues("orrery.real-time-factor=NaN")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("orrery.real-time-factor must be a number at least 0"));
    }

    @Test
    void aStepSizeOutOfRangeNamesThePropertyAndTheRange() {
        context.withPropertyValues("orrery.step-size=5s")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("orrery.step-size must be between 1ns and 1s, got PT5S"));
        context.withPropertyValues("orrery.step-size=0ms")
                .run(ctx -> assertThat(ctx).getFailure().rootCause().hasMessageContaining("orrery.step-size"));
    }

    @Test
    void theCommandQueueBoundBindsAndIsChecked() {
        context.run(ctx -> assertThat(ctx.getBean(OrreryProperties.class).maxPendingCommands())
                .isEqualTo(1024));
        context.withPropertyValues("orrery.max-pending-commands=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.max-pending-commands must be at least 1, got 0"));
    }

    @Test
    void theControlIdleTimeoutBindsAndIsChecked() {
        context.run(
                ctx -> assertThat(ctx.getBean(OrreryProperties.class).control().idleTimeout())
                        .isEqualTo(Duration.ofSeconds(30)));
        context.withPropertyValues("orrery.control.idle-timeout=2s")
                .run(ctx -> assertThat(
                                ctx.getBean(OrreryProperties.class).control().idleTimeout())
                        .isEqualTo(Duration.ofSeconds(2)));
        context.withPropertyValues("orrery.control.idle-timeout=50ms")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.control.idle-timeout must be at least 100ms, got PT0.05S"));
    }

    @Test
    void aZeroCatchUpCapIsRefused() {
        context.withPropertyValues("orrery.max-steps-per-frame=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.max-steps-per-frame must be at least 1, got 0"));
    }

    @Test
    void countsBelowTheirLeastNameThePropertyTheBoundAndTheValue() {
        context.withPropertyValues("orrery.stop-after-steps=0")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.stop-after-steps must be at least 1, got 0"));
        context.withPropertyValues("orrery.plugin-start-threads=-1")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessage("orrery.plugin-start-threads must be at least 0 (0 = min(8, number of"
                                + " plugins)), got -1"));
    }

    @Test
    void aBlankWorldOrWorldsDirectoryIsRefusedNamingTheProperty() {
        // (A property with a default, such as orrery.plugin-start-timeout, set to nothing binds its default.)
        context.withPropertyValues("orrery.world= ")
                .run(ctx -> assertThat(ctx).getFailure().rootCause().hasMessage("orrery.world must not be blank"));
        context.withPropertyValues("orrery.worlds-dir=")
                .run(ctx -> assertThat(ctx).getFailure().rootCause().hasMessage("orrery.worlds-dir must not be blank"));
    }

    @Test
    void aTriggerOrPluginMissingAPartIsRefusedAndTheFailureNamesItsIndex() {
        context.withPropertyValues(
                        "orrery.triggers[0].event=start",
                        "orrery.triggers[0].action=stop",
                        "orrery.triggers[1].event=time=1")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .hasStackTraceContaining("orrery.triggers[1]")
                        .rootCause()
                        .hasMessage("a trigger's action (orrery.triggers[].action) must be set"));
        context.withPropertyValues("orrery.plugins[0].name=poses")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .hasStackTraceContaining("orrery.plugins[0]")
                        .rootCause()
                        .hasMessage("a plugin's filename (orrery.plugins[].filename) must be set"));
    }

    @Test
    void aCatchUpHorizonThatIsNotPositiveIsRefusedNamingIt() {
        context.withPropertyValues("orrery.max-catch-up=0s")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("orrery.max-catch-up must be positive, got PT0S"));
        context.withPropertyValues("orrery.max-catch-up=-1s")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("orrery.max-catch-up must be positive"));
    }

    @Test
    void theCatchUpHorizonReachesTheRunnerInNanoseconds() {
        context.withPropertyValues("orrery.max-catch-up=250ms")
                .run(ctx -> assertThat(RunnerConfiguration.settings(ctx.getBean(OrreryProperties.class))
                                .maxCatchUpNanos())
                        .isEqualTo(250_000_000L));
    }

    @Test
    void aBadTriggerIsRefusedNamingItAndTheAllowedForms() {
        context.withPropertyValues(
                        "orrery.triggers[0].event=time=soon",
                        "orrery.triggers[0].action=stop",
                        "orrery.triggers[0].label=t")
                .run(ctx -> {
                    RunnerSettings settings = RunnerConfiguration.settings(ctx.getBean(OrreryProperties.class));
                    assertThatThrownBy(() -> settings.triggers().get(0).parse("config"))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining("time=soon");
                });
    }

    @Test
    void alwaysOnPluginsBecomePluginSpecsWithTheirParameters() {
        context.withPropertyValues(
                        "orrery.plugins[0].name=poses",
                        "orrery.plugins[0].filename=orrery-pose-publisher",
                        "orrery.plugins[0].parameters.update_rate=5",
                        "orrery.plugin-start-timeout=5s")
                .run(ctx -> {
                    PluginSettings settings = RunnerConfiguration.pluginSettings(ctx.getBean(OrreryProperties.class));
                    assertThat(settings.startTimeout()).isEqualTo(Duration.ofSeconds(5));
                    assertThat(settings.alwaysOn()).singleElement().satisfies(spec -> {
                        assertThat(spec.filename()).isEqualTo("orrery-pose-publisher");
                        assertThat(spec.parameter("update_rate")).hasValue("5");
                    });
                });
    }

    @Test
    void thePhysicsEngineIsBulletByDefaultAndAnUnknownOneIsRefusedNamingTheChoices() {
        context.run(
                ctx -> assertThat(ctx.getBean(OrreryProperties.class).physics().engine())
                        .isEqualTo("bullet"));
        context.withPropertyValues("orrery.physics.engine=jbullet")
                .run(ctx -> assertThat(PhysicsEngines.named(ctx.getBean(OrreryProperties.class)
                                        .physics()
                                        .engine())
                                .name())
                        .isEqualTo("jbullet"));
        context.withPropertyValues("orrery.physics.engine=ode")
                .run(ctx -> assertThat(ctx)
                        .getFailure()
                        .hasStackTraceContaining("orrery.physics.engine must be one of bullet, jbullet, got 'ode'"));
    }
}
