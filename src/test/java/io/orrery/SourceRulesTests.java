package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house rules ArchUnit cannot see, read from the sources under {@code src/main/java} (STYLE.md): no class is over
 * 450 lines, and every package has a {@code package-info.java} saying what the package is for and what it may use.
 */
class SourceRulesTests {

    /** The most lines a class's file in src/main/java may have (STYLE.md). */
    static final int MAX_LINES = 450;

    private static final Path MAIN = Path.of("src", "main", "java");

    /** What saying what a package may use looks like: it names what it uses, or says it is plain Java. */
    private static final Pattern SAYS_WHAT_IT_USES = Pattern.compile("(?i)\\buse|plain java");

    @Test
    void noClassIsOverFourHundredFiftyLines() throws IOException {
        Map<String, Integer> over = new TreeMap<>();
        for (Path file : javaFiles()) {
            int lines = Files.readAllLines(file).size();
            if (lines > MAX_LINES) {
                over.put(MAIN.relativize(file).toString(), lines);
            }
        }
        assertThat(over)
                .as("classes over %d lines: split each along a concern of its own", MAX_LINES)
                .isEmpty();
    }

    @Test
    void everyPackageSaysWhatItIsForAndWhatItMayUse() throws IOException {
        Set<Path> packages = new TreeSet<>();
        for (Path file : javaFiles()) {
            packages.add(file.getParent());
        }
        assertThat(packages).as("packages under %s", MAIN).hasSizeGreaterThan(40);
        Set<String> missing = new TreeSet<>();
        Set<String> silent = new TreeSet<>();
        for (Path dir : packages) {
            Path info = dir.resolve("package-info.java");
            String name =
                    MAIN.relativize(dir).toString().replace(dir.getFileSystem().getSeparator(), ".");
            if (!Files.isRegularFile(info)) {
                missing.add(name);
                continue;
            }
            String text = Files.readString(info);
            int end = text.indexOf("*/");
            String doc = text.startsWith("/**") && end > 0 ? text.substring(3, end) : "";
            if (doc.isBlank() || !SAYS_WHAT_IT_USES.matcher(doc).find()) {
                silent.add(name);
            }
        }
        assertThat(missing).as("packages without a package-info.java").isEmpty();
        assertThat(silent)
                .as("package-info.java without a comment saying what the package is for and what it may use")
                .isEmpty();
    }

    private static List<Path> javaFiles() throws IOException {
        assertThat(MAIN)
                .as("the sources, read from the project's directory (run the tests from it, as Maven does)")
                .isDirectory();
        try (Stream<Path> files = Files.walk(MAIN)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }
}
