package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.OrreryApplication;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.OrrerySystem;
import io.orrery.system.PreUpdate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.mock.env.MockEnvironment;

/**
 * Mistakes in a user's beans stop the start with a message naming the beans, through the real application: the
 * beans are registered as a user's jar would add them, by hand here so that no other test's scan finds them.
 */
class UserBeanChecksTests {

    /** Marked as a system, but its PreUpdate is Consumer's: it would never run. */
    @OrrerySystem
    static final class NotASystem implements java.util.function.Consumer<String> {
        @Override
        public void accept(String s) {}
    }

    @OrreryPlugin(filename = "user-wind")
    static final class WindPlugin implements Plugin {
        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) {}
    }

    @OrreryPlugin(filename = {"user-gust", "user-wind"})
    static final class GustPlugin implements Plugin {
        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) {}
    }

    @OrreryPlugin(filename = "orrery-pose-publisher")
    static final class PosesAgain implements Plugin {
        @Override
        public void awake(PluginContext context) {}

        @Override
        public void start(PluginContext context) {}
    }

    @Test
    void aBeanMarkedAsASystemThatImplementsNoPhaseIsRefusedNamingIt() {
        assertThatThrownBy(() -> start(c -> c.registerBean("windSystem", NotASystem.class)))
                .extracting(UserBeanChecksTests::refusal)
                .asString()
                .contains("bean 'windSystem' (" + NotASystem.class.getName())
                .contains("is marked @OrrerySystem but implements none of the phase interfaces");
    }

    @Test
    void aBeanMethodMarkedAsASystemIsCheckedToo() {
        assertThatThrownBy(() -> start(c -> c.registerBean(MarkedMethod.class)))
                .extracting(UserBeanChecksTests::refusal)
                .asString()
                .contains("bean 'notASystem'")
                .contains("from " + MarkedMethod.class.getName() + ".notASystem()")
                .contains("is marked @OrrerySystem");
    }

    @Test
    void aMarkedBeanThatIsASystemStarts() throws Exception {
        try (var context = start(c -> c.registerBean("fine", MarkedSystem.class))) {
            // nothing refused it: the application is up with the bean in it
            assertThat(context.isActive()).isTrue();
            assertThat(context.getBean("fine")).isInstanceOf(MarkedSystem.class);
        }
    }

    @Test
    void aPluginFilenameDefinedTwiceIsRefusedNamingBothBeans() {
        assertThatThrownBy(() -> start(c -> {
                    c.registerBean("windPlugin", WindPlugin.class, d -> d.setScope(BeanDefinition.SCOPE_PROTOTYPE));
                    c.registerBean("gustPlugin", GustPlugin.class, d -> d.setScope(BeanDefinition.SCOPE_PROTOTYPE));
                }))
                .extracting(UserBeanChecksTests::refusal)
                .asString()
                .contains("plugin filename 'user-wind' is defined twice: by bean 'windPlugin' ("
                        + WindPlugin.class.getName())
                .contains("and by bean 'gustPlugin' (" + GustPlugin.class.getName());
    }

    @Test
    void aPluginFilenameTakenByABuiltInPluginIsRefused() {
        assertThatThrownBy(() -> start(c -> c.registerBean(
                        "posesAgain", PosesAgain.class, d -> d.setScope(BeanDefinition.SCOPE_PROTOTYPE))))
                .extracting(UserBeanChecksTests::refusal)
                .asString()
                .contains("plugin filename 'orrery-pose-publisher' of bean 'posesAgain'")
                .contains("is taken by one of Orrery's built-in plugins");
    }

    @Test
    void scanPackagesMustBePackageNames() {
        MockEnvironment environment = new MockEnvironment().withProperty("orrery.scan-packages", "com.example, 1up");
        assertThatThrownBy(() -> ScanPackages.packages(environment))
                .hasMessage("orrery.scan-packages must list Java package names such as com.example.robot, got '1up'");
    }

    @Test
    void scanPackagesAreRefusedInAotMode() {
        MockEnvironment environment = new MockEnvironment().withProperty("orrery.scan-packages", "com.example");
        assertThatThrownBy(() -> AotScanPackagesCheck.check(environment, true))
                .hasMessageStartingWith("orrery.scan-packages is not supported in AOT mode");
        AotScanPackagesCheck.check(environment, false);
        AotScanPackagesCheck.check(new MockEnvironment(), true);
    }

    static class MarkedMethod {
        @org.springframework.context.annotation.Bean
        @OrrerySystem
        Object notASystem() {
            return "a string";
        }
    }

    @OrrerySystem
    static final class MarkedSystem implements PreUpdate {
        @Override
        public void preUpdate(io.orrery.system.UpdateInfo info, io.orrery.physics.PhysicsWorld world) {}
    }

    /** The message of what stopped the start: the innermost cause (a bean creation wraps it, a check does not). */
    private static String refusal(Throwable t) {
        return org.springframework.core.NestedExceptionUtils.getMostSpecificCause(t)
                .getMessage();
    }

    private static org.springframework.context.ConfigurableApplicationContext start(
            Consumer<GenericApplicationContext> beans) throws Exception {
        Path dir = Files.createTempDirectory("orrery-user-beans");
        try (var in = UserBeanChecksTests.class.getResourceAsStream("/worlds/lifecycle.sdf")) {
            Files.copy(in, dir.resolve("lifecycle.sdf"));
        }
        return new SpringApplicationBuilder(OrreryApplication.class)
                .web(WebApplicationType.SERVLET)
                .initializers(c -> beans.accept((GenericApplicationContext) c))
                .run(
                        "--server.port=0",
                        "--orrery.world=" + dir.resolve("lifecycle.sdf"),
                        "--orrery.worlds-dir=" + dir,
                        "--orrery.start-paused=true",
                        "--orrery.status-log-interval=0s");
    }
}
