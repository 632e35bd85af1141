package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.orrery.runner.SimulationRunner;
import io.orrery.system.Phase;
import io.orrery.system.SystemOrigin;
import io.orrery.system.SystemsReport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Priorities as Spring users give them, through the real application: every way, and where two meet, the one the
 * docs/lifecycle.md says wins. What is checked is what the runner lists and the order the systems actually ran in one
 * step.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"orrery.real-time-factor=0", "orrery.start-paused=true", "orrery.status-log-interval=0s"})
@ImportAutoConfiguration({TwoPreUpdateBeansAutoConfiguration.class, PrioritySystemsAutoConfiguration.class})
class SystemPriorityTests {

    @Autowired
    SimulationRunner runner;

    @DynamicPropertySource
    static void world(DynamicPropertyRegistry registry) {
        registry.add("orrery.world", () -> copy("priorities.sdf").toString());
    }

    @BeforeEach
    void oneStep() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!runner.reads().status().paused() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        PrioritySystemsAutoConfiguration.RAN.clear();
        runner.control().step(1).get(60, TimeUnit.SECONDS);
    }

    @Test
    void orderOnTheBeanMethodsOfAnAutoConfigurationDecidesTheOrderOfTwoLambdas() {
        // Issue 27: @Order(100) declared first, @Order(-100) second; read from the class (a lambda) they were both
        // the default and ran in registration order, late first.
        List<String> ran = PrioritySystemsAutoConfiguration.RAN;
        assertThat(ran).containsSubsequence("early", "late");
        assertThat(ran.indexOf("early")).isLessThan(ran.indexOf("late"));
        assertThat(preUpdate())
                .filteredOn(e -> List.of("early", "late").contains(e.system().name()))
                .extracting(
                        e -> e.system().name(),
                        e -> e.system().priority(),
                        e -> e.system().prioritySource())
                .containsExactly(
                        tuple("early", -100, "@Order on @Bean method TwoPreUpdateBeansAutoConfiguration.early()"),
                        tuple("late", 100, "@Order on @Bean method TwoPreUpdateBeansAutoConfiguration.late()"));
    }

    @Test
    void everyWayToGiveAPriorityIsReadAndTheSystemsRunInThatOrder() {
        List<String> expected = List.of(
                "early",
                "methodOverOrdered",
                "ordered",
                "pinned",
                "classOrder",
                "tieFirst",
                "tieSecond",
                "orderedOverPrioritized",
                "prioritized",
                "priorityOrdered",
                "late");
        assertThat(preUpdate()).extracting(e -> e.system().name()).containsExactlyElementsOf(expected);
        assertThat(PrioritySystemsAutoConfiguration.RAN).containsExactlyElementsOf(expected);

        assertThat(preUpdate())
                .extracting(
                        e -> e.system().name(),
                        e -> e.system().priority(),
                        e -> e.system().prioritySource())
                .containsExactly(
                        tuple("early", -100, "@Order on @Bean method TwoPreUpdateBeansAutoConfiguration.early()"),
                        // the @Bean method's @Order(-70) wins over the instance's Ordered (70)
                        tuple(
                                "methodOverOrdered",
                                -70,
                                "@Order on @Bean method PrioritySystemsAutoConfiguration.methodOverOrdered()"),
                        tuple("ordered", -50, "Ordered"),
                        // the world's <gz:system_priority> wins over the plugin's own Prioritized (999)
                        tuple("pinned", -30, "<gz:system_priority>"),
                        tuple("classOrder", -20, "@Order on class ClassOrdered"),
                        // equal priorities run in registration order
                        tuple("tieFirst", 0, "default"),
                        tuple("tieSecond", 0, "default"),
                        // Ordered (10) wins over Orrery's Prioritized (-999)
                        tuple("orderedOverPrioritized", 10, "Ordered"),
                        tuple("prioritized", 30, "Prioritized"),
                        tuple("priorityOrdered", 50, "PriorityOrdered"),
                        tuple("late", 100, "@Order on @Bean method TwoPreUpdateBeansAutoConfiguration.late()"));
    }

    @Test
    void eachSystemSaysWhereItCameFrom() {
        SystemsReport report = runner.reads().systems();
        assertThat(report.of(Phase.UPDATE))
                .extracting(e -> e.system().name(), e -> e.system().origin())
                .contains(tuple("physics", SystemOrigin.builtIn("physics")));
        assertThat(report.of(Phase.POST_UPDATE))
                .extracting(e -> e.system().origin())
                .contains(SystemOrigin.builtIn("sensors"));
        assertThat(preUpdate())
                .extracting(e -> e.system().name(), e -> e.system().origin())
                .contains(
                        tuple("early", SystemOrigin.springBean("early")),
                        tuple("pinned", SystemOrigin.plugin("pinned", "")));
    }

    private List<SystemsReport.Entry> preUpdate() {
        return runner.reads().systems().of(Phase.PRE_UPDATE);
    }

    private static Path copy(String world) {
        try (InputStream in = SystemPriorityTests.class.getResourceAsStream("/worlds/" + world)) {
            Path dir = Files.createTempDirectory("orrery-priorities");
            Files.copy(in, dir.resolve(world));
            return dir.resolve(world);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
