package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's run command, {@code ./mvnw spring-boot:run}, against this pom: the formatter check ran at validate,
 * so one unformatted line in a source stopped it, and the run's own build compiled the tests first (114 s on a warm
 * cache, and a test that did not compile kept the server from starting). Here Maven runs this pom offline in a
 * project of its own with one unformatted class and one test that does not compile: spring-boot:run gets through
 * its build (the run itself is skipped: {@code -Dspring-boot.run.skip}), while test-compile still compiles the
 * tests and fails on that one. gz-msgs' classes are not generated ({@code -Dprotobuf.skip}): the probe needs none.
 */
class MavenRunLaunchTests {

    @TempDir
    Path project;

    @Test
    void springBootRunNeitherChecksTheFormatNorCompilesTheTests() throws Exception {
        Files.copy(Path.of("pom.xml"), project.resolve("pom.xml"));
        Files.copy(Path.of("mvnw"), project.resolve("mvnw"), StandardCopyOption.COPY_ATTRIBUTES);
        copyTree(Path.of(".mvn"), project.resolve(".mvn"));
        write(
                "src/main/java/io/orrery/Probe.java",
                "package io.orrery;\npublic class Probe {   int  unformatted ;  }\n");
        write("src/test/java/io/orrery/BrokenTests.java", "package io.orrery;\nclass BrokenTests { not java }\n");

        Result run = maven("spring-boot:run", "-Dspring-boot.run.skip=true");
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(Files.exists(project.resolve("target/classes/io/orrery/Probe.class")))
                .as("the sources compiled")
                .isTrue();
        assertThat(project.resolve("target/test-classes/io/orrery/BrokenTests.class"))
                .doesNotExist();

        Result testCompile = maven("test-compile");
        assertThat(testCompile.exit())
                .as("the tests still compile for other goals")
                .isNotZero();
        assertThat(testCompile.output()).contains("BrokenTests.java");
    }

    private Result maven(String... goals) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("./mvnw", "-o", "-B", "-q", "-Dprotobuf.skip=true"));
        command.addAll(List.of(goals));
        Process p = new ProcessBuilder(command)
                .directory(project.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).as("Maven finished").isTrue();
        return new Result(p.exitValue(), output);
    }

    private void write(String file, String text) throws IOException {
        Path path = project.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private record Result(int exit, String output) {}
}
