package io.orrery.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The two jars package makes, started the way a user guesses: {@code java -jar target/orrery.jar}, the plain jar of
 * Orrery's classes that projects build against, had a Main-Class and died with {@code NoClassDefFoundError:
 * SpringApplication}. It now says which jar runs the server; the executable jar is unchanged.
 */
class PlainJarLaunchTests {

    static final Path PLAIN = Path.of("target/orrery.jar");

    @Test
    void thePlainJarSaysWhichJarToRun() throws Exception {
        if (!Files.isRegularFile(PLAIN)) {
            throw new IllegalStateException(PLAIN + " is missing: these tests run in ./mvnw verify after package");
        }
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", PLAIN.toString())
                .redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("it exits at once").isTrue();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(p.exitValue()).as(output).isEqualTo(2);
        assertThat(output)
                .doesNotContain("NoClassDefFoundError", "Exception")
                .contains("java -jar target/orrery-exec.jar", "docs/custom-systems.md");
    }

    @Test
    void theExecutableJarStillStartsOrrery() throws Exception {
        try (JarFile exec = new JarFile(LaunchedOrrery.EXECUTABLE.toFile())) {
            assertThat(exec.getManifest().getMainAttributes().getValue("Start-Class"))
                    .isEqualTo("io.orrery.OrreryApplication");
        }
    }
}
