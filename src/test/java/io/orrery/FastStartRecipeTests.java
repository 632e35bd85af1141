package io.orrery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The class data sharing recipe is the same wherever it is written down: the Dockerfile, the pom's {@code cds}
 * profile and docs/fast-start.md. An archive maps only into a run that names the jar as its training run did, on the JVM
 * that wrote it; otherwise the JVM silently starts without it, so a drift here would cost start-up time unnoticed.
 */
class FastStartRecipeTests {

    /** The training run: the archive, whether it starts in Spring AOT mode, the jar. */
    private static final Pattern TRAINING = Pattern.compile(
            "-XX:ArchiveClassesAtExit=(\\S+)(?: -Dspring\\.aot\\.enabled=(\\S+))? -Dspring\\.context\\.exit=onRefresh"
                    + " -jar (\\S+)");

    @Test
    void theDockerfileTrainsOnItsRuntimeImageAndItsEntrypointRunsThatArchiveAndJar() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("Dockerfile"));
        int runtimeStage = lastIndexStartingWith(lines, "FROM ");
        int training = lastIndexStartingWith(lines, "RUN java -XX:ArchiveClassesAtExit=");
        assertThat(training)
                .as("the training run is in the runtime stage, on the JVM that will map the archive")
                .isGreaterThan(runtimeStage);
        Matcher trained = TRAINING.matcher(lines.get(training));
        assertThat(trained.find()).as(lines.get(training)).isTrue();

        String entrypoint = lines.get(lastIndexStartingWith(lines, "ENTRYPOINT "));
        // The class path starts with the trained jar (the archive maps into a class path it begins), then the
        // user's jars (docs/custom-systems.md).
        assertThat(entrypoint)
                .contains(
                        "\"-XX:SharedArchiveFile=" + trained.group(1) + "\"",
                        "\"-cp\", \"" + trained.group(3) + ":extra/*\", \"io.orrery.OrreryApplication\"");
        if ("true".equals(trained.group(2))) {
            assertThat(lines.get(lastIndexStartingWith(lines, "RUN --mount=type=cache,target=/root/.m2 ./mvnw -B -q")))
                    .as("an archive trained in AOT mode needs the jar built with the AOT bean definitions")
                    .contains("-Paot");
        }
        assertThat(lastIndexStartingWith(lines, "COPY config/"))
                .as("the training run reads the image's configuration")
                .isBetween(runtimeStage, training);
        String extract = lines.get(lastIndexStartingWith(lines, "RUN java -Djarmode=tools"));
        assertThat(extract)
                .as("the jar and lib/ as plain jars: the launcher layout has directories, which CDS"
                        + " cannot archive")
                .contains(" extract ")
                .doesNotContain("--launcher");
    }

    @Test
    void thePomsCdsProfileTrainsTheJarItExtractsAndTheFastStartPageRunsBoth() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("pom.xml").toFile());
        List<String> extract = arguments(pom, "cds-extract");
        String destination = extract.get(extract.indexOf("--destination") + 1);
        String training = String.join(" ", arguments(pom, "cds-training-run"));

        // trained in AOT mode when the aot profile is on too (it sets orrery.aot)
        assertThat(training)
                .isEqualTo("-XX:ArchiveClassesAtExit=" + destination
                        + "/orrery.jsa -Dspring.aot.enabled=${orrery.aot} -Dspring.context.exit=onRefresh -jar "
                        + destination
                        + "/orrery.jar");
        assertThat(Files.readString(Path.of("docs/fast-start.md")))
                .contains("./mvnw -Pcds,aot package -DskipTests")
                .contains("java -XX:SharedArchiveFile=" + destination + "/orrery.jsa -Dspring.aot.enabled=true -jar "
                        + destination + "/orrery.jar");
    }

    private static int lastIndexStartingWith(List<String> lines, String prefix) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with '" + prefix + "'");
    }

    /** The arguments of the exec-maven-plugin execution with this id. */
    private static List<String> arguments(Document pom, String executionId) {
        NodeList executions = pom.getElementsByTagName("execution");
        for (int i = 0; i < executions.getLength(); i++) {
            Element execution = (Element) executions.item(i);
            NodeList ids = execution.getElementsByTagName("id");
            if (ids.getLength() > 0 && ids.item(0).getTextContent().equals(executionId)) {
                NodeList args = execution.getElementsByTagName("argument");
                List<String> values = new ArrayList<>();
                for (int j = 0; j < args.getLength(); j++) {
                    values.add(args.item(j).getTextContent().trim());
                }
                return values;
            }
        }
        throw new AssertionError("pom.xml has no execution '" + executionId + "'");
    }
}
