package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.bench.Benchmarks;
import io.orrery.world.sdf.SdfException;
import io.orrery.world.sdf.SdfReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Walks the documentation a user follows (README.md, docs/, and the READMEs of examples/, helm/ and worlds/) the way
 * a newcomer on a fresh clone would: every relative link leads to a file and, with an anchor, to a heading there;
 * every repository path its commands and code name exists; every Maven execution, profile and benchmark a command
 * names is one the build has; the error a malformed world is shown to give is the one the reader gives. Each
 * failure names the page, the line and what is broken.
 */
class DocsWalkTests {

    /** Where a path in a command or in code points into the repository (target/ is built, so it is not here). */
    private static final Pattern REPOSITORY_PATH =
            Pattern.compile("(?<![\\w/.-])((?:worlds|examples|helm|config|docs|src)/[\\w./-]*\\w)");

    private static final Pattern EXECUTION = Pattern.compile("(?:exec:java|surefire:test)@([\\w-]+)");
    private static final Pattern PROFILES = Pattern.compile("(?<=\\s)-P([\\w,-]+)");
    private static final Pattern BENCHMARK_ARGS = Pattern.compile("exec:java\\s+-Dexec\\.args=\"([^\"]*)\"");
    private static final Pattern BENCHMARK_MAIN = Pattern.compile("\\bBenchmarks((?:[ \\t]+[a-z][\\w-]*)+)");
    private static final Pattern LOADED_WORLD =
            Pattern.compile("api/world/(load|save)[^\\n]*\\n?[^\\n]*\"path\": \"([^\"]+)\"");
    private static final Pattern READER_ERROR = Pattern.compile("(?m)^(\\S+\\.sdf):\\d+:\\d+: .+$");

    private static List<MarkdownPage> pages;

    @BeforeAll
    static void readPages() throws IOException {
        List<Path> files = new ArrayList<>(
                List.of(Path.of("README.md"), Path.of("helm/orrery/README.md"), Path.of("worlds/gazebo/README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"));
                Stream<Path> examples = Files.walk(Path.of("examples"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            examples.filter(p -> p.getFileName().toString().equals("README.md"))
                    .sorted()
                    .forEach(files::add);
        }
        pages = new ArrayList<>();
        for (Path file : files) {
            pages.add(MarkdownPage.read(file));
        }
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndItsAnchorToAHeading() throws IOException {
        Map<Path, MarkdownPage> byFile = new TreeMap<>();
        pages.forEach(p -> byFile.put(p.file.normalize(), p));
        List<String> broken = new ArrayList<>();
        for (MarkdownPage page : pages) {
            for (MarkdownPage.Located link : page.links) {
                String target = link.text();
                if (target.matches("^[a-z]+:.*")) {
                    continue; // http:, https:, mailto: leave the repository
                }
                String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path resolved = path.isEmpty()
                        ? page.file
                        : page.file.resolveSibling(path).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(where(page, link) + "link '" + target + "': no file " + resolved);
                } else if (anchor != null && resolved.toString().endsWith(".md")) {
                    MarkdownPage linked =
                            byFile.containsKey(resolved) ? byFile.get(resolved) : MarkdownPage.read(resolved);
                    if (!linked.anchors.contains(anchor)) {
                        broken.add(where(page, link) + "link '" + target + "': " + resolved + " has no heading '#"
                                + anchor + "' (its anchors: " + linked.anchors + ")");
                    }
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void everyRepositoryPathTheCommandsAndCodeNameExists() {
        List<String> missing = new ArrayList<>();
        for (MarkdownPage page : pages) {
            for (MarkdownPage.Located code : page.code) {
                Matcher m = REPOSITORY_PATH.matcher(code.text());
                while (m.find()) {
                    if (!existsFromRootOrAnExample(m.group(1))) {
                        missing.add(where(page, code) + "'" + m.group(1) + "' is not in the repository (nor in an"
                                + " example's project under examples/)");
                    }
                }
            }
        }
        assertThat(missing).as("paths named in commands and code").isEmpty();
    }

    @Test
    void everyWorldACommandLoadsIsInTheWorldsDirectoryOrSavedBeforeIt() {
        List<String> missing = new ArrayList<>();
        for (MarkdownPage page : pages) {
            List<String> saved = new ArrayList<>();
            for (MarkdownPage.Located code : page.code) {
                Matcher m = LOADED_WORLD.matcher(code.text());
                while (m.find()) {
                    if (m.group(1).equals("save")) {
                        saved.add(m.group(2));
                    } else if (!saved.contains(m.group(2)) && !Files.exists(Path.of("worlds", m.group(2)))) {
                        missing.add(where(page, code) + "loads '" + m.group(2) + "', which is not under worlds/"
                                + " (orrery.worlds-dir's default) and was not saved before");
                    }
                }
            }
        }
        assertThat(missing).as("worlds loaded over the API").isEmpty();
    }

    @Test
    void everyMavenExecutionProfileAndBenchmarkACommandNamesExists() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile());
        List<String> executions = texts(pom, "execution", "id");
        List<String> profiles = texts(pom, "profile", "id");
        List<String> unknown = new ArrayList<>();
        for (MarkdownPage page : pages) {
            for (MarkdownPage.Located code : page.code) {
                String text = code.text();
                for (Matcher m = EXECUTION.matcher(text); m.find(); ) {
                    if (!executions.contains(m.group(1))) {
                        unknown.add(where(page, code) + "Maven execution '" + m.group(1) + "' is not in pom.xml "
                                + executions);
                    }
                }
                for (Matcher m = PROFILES.matcher(text); m.find(); ) {
                    for (String profile : m.group(1).split(",")) {
                        if (!profiles.contains(profile)) {
                            unknown.add(where(page, code) + "Maven profile '" + profile + "' is not in pom.xml "
                                    + profiles);
                        }
                    }
                }
                List<String> benchmarks = new ArrayList<>();
                for (Matcher m = BENCHMARK_ARGS.matcher(text); m.find(); ) {
                    benchmarks.addAll(List.of(m.group(1).trim().split("\\s+")));
                }
                for (Matcher m = BENCHMARK_MAIN.matcher(text); m.find(); ) {
                    benchmarks.addAll(List.of(m.group(1).trim().split("\\s+")));
                }
                for (String name : benchmarks) {
                    if (!Benchmarks.NAMES.contains(name)) {
                        unknown.add(where(page, code) + "benchmark '" + name + "' is not one of Benchmarks.NAMES "
                                + Benchmarks.NAMES);
                    }
                }
            }
        }
        assertThat(unknown)
                .as("what the commands ask Maven and the benchmark runner for")
                .isEmpty();
    }

    @Test
    void theReadmesFirstScreenSaysWhatOrreryIsAndGivesTheTwoCommandsAndTheDashboard() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"));
        String firstScreen = String.join("\n", lines.subList(0, Math.min(40, lines.size())));
        assertThat(firstScreen)
                .as("README.md's first 40 lines")
                .contains("Orrery is a", "./mvnw spring-boot:run", "./test.sh", "http://localhost:8080/");
        for (String path : List.of(
                "docs/gazebo-worlds.md",
                "docs/drive-a-robot.md",
                "docs/controller.md",
                "docs/custom-systems.md",
                "docs/sweeps.md")) {
            assertThat(String.join("\n", lines))
                    .as("README.md links the path page " + path)
                    .contains("(" + path + ")");
        }
        // the hook's bound: reference and measurements belong under docs/
        assertThat(lines.size()).as("README.md's length in lines").isLessThanOrEqualTo(300);
        assertThat(Path.of("test.sh")).as("the README's test command").isExecutable();
        assertThat(Path.of("mvnw")).as("the README's run command").isExecutable();
        assertThat(Files.readString(Path.of(".ci/run")))
                .as(".ci/run runs the README's test command")
                .contains("./test.sh");
    }

    @Test
    void theErrorAMalformedWorldIsShownToGiveIsTheReadersOwn() {
        List<String> shown = new ArrayList<>();
        for (MarkdownPage page : pages) {
            for (MarkdownPage.Located code : page.code) {
                for (Matcher m = READER_ERROR.matcher(code.text()); m.find(); ) {
                    if (Files.exists(Path.of(m.group(1)))) { // an example on a file of the repository
                        shown.add(m.group());
                        SdfReader reader = SdfReader.withEnvironment(List.of());
                        String given;
                        try {
                            reader.read(Path.of(m.group(1)));
                            given = "no error at all";
                        } catch (SdfException e) {
                            given = e.getMessage();
                        }
                        assertThat(given)
                                .as(where(page, code) + "the error shown for " + m.group(1))
                                .endsWith(m.group());
                    }
                }
            }
        }
        assertThat(shown).as("the malformed world of docs/gazebo-worlds.md").isNotEmpty();
    }

    /** Commands run from the repository root, or from a project copied from examples/ (docs/custom-systems.md). */
    private static boolean existsFromRootOrAnExample(String path) {
        if (Files.exists(Path.of(path))) {
            return true;
        }
        try (Stream<Path> examples = Files.list(Path.of("examples"))) {
            return examples.anyMatch(example -> Files.exists(example.resolve(path)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String where(MarkdownPage page, MarkdownPage.Located located) {
        return page.file + ":" + located.line() + ": ";
    }

    /** The text of each {@code child} directly inside a {@code parent} element of the pom. */
    private static List<String> texts(Document pom, String parent, String child) {
        List<String> values = new ArrayList<>();
        NodeList parents = pom.getElementsByTagName(parent);
        for (int i = 0; i < parents.getLength(); i++) {
            NodeList children = ((Element) parents.item(i)).getChildNodes();
            for (int j = 0; j < children.getLength(); j++) {
                if (children.item(j) instanceof Element e && e.getTagName().equals(child)) {
                    values.add(e.getTextContent().trim());
                }
            }
        }
        return values;
    }
}
