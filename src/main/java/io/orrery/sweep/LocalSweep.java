package io.orrery.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.marcnuri.helm.Helm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.yaml.snakeyaml.Yaml;

/**
 * Runs a sweep's scenarios on this machine the way the chart's Indexed Job runs them on a cluster: the chart is
 * rendered with real Helm from the same values file, each scenario's {@code scenario-<index>.yaml} comes out of
 * the rendered ConfigMap, and each scenario is one Orrery process with {@code JOB_COMPLETION_INDEX} set and the
 * Job's own {@code SPRING_CONFIG_ADDITIONAL_LOCATION}, so Spring Boot picks the file exactly as in a pod. Only
 * the pod's mount points are mapped to local directories: the worlds directory to {@code --worlds} and
 * {@code /results} to {@code --results}. While it runs it says how far it is ({@link SweepProgress}); at the end a
 * table says how each scenario ended and why, and where the reports are.
 *
 * <pre>
 * ./mvnw -q package -DskipTests
 * ./mvnw -q exec:java@sweep -Dexec.args="examples/sweep/sweep.yaml --worlds examples/sweep/worlds"
 * </pre>
 */
public final class LocalSweep {

    /** The chart's results mount, fixed in its Job template. */
    static final String RESULTS_MOUNT = "/results/";

    private final Path valuesFile;
    private final Path worldsDir;
    private final Path resultsDir;
    private final List<String> launcher;
    private final Consumer<String> progress;

    /** A sweep that says nothing while it runs. */
    public LocalSweep(Path valuesFile, Path worldsDir, Path resultsDir, List<String> launcher) {
        this(valuesFile, worldsDir, resultsDir, launcher, line -> {});
    }

    /**
     * @param valuesFile the sweep's values file ({@code mode: sweep} and {@code sweep.scenarios})
     * @param worldsDir the local directory standing for the pod's worlds directory
     * @param resultsDir the local directory standing for {@code /results}
     * @param launcher the command that starts Orrery, for example {@code java -jar target/orrery-exec.jar}
     * @param progress where its progress lines go (the command line's standard error)
     */
    public LocalSweep(
            Path valuesFile, Path worldsDir, Path resultsDir, List<String> launcher, Consumer<String> progress) {
        this.valuesFile = valuesFile;
        this.worldsDir = worldsDir;
        this.resultsDir = resultsDir;
        this.launcher = List.copyOf(launcher);
        this.progress = progress;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: LocalSweep <values.yaml> [--worlds DIR] [--results DIR] [--jar FILE]");
            System.exit(2);
        }
        Path values = Path.of(args[0]);
        Path worlds = Path.of("worlds");
        Path results = Path.of("target/sweep");
        Path jar = Path.of("target/orrery-exec.jar");
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--worlds" -> worlds = Path.of(args[i + 1]);
                case "--results" -> results = Path.of(args[i + 1]);
                case "--jar" -> jar = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (!Files.isRegularFile(jar)) {
            System.err.println(jar + " not found: build it first with ./mvnw -q package -DskipTests");
            System.exit(2);
        }
        try {
            HelmPlatform.require();
        } catch (IllegalStateException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        List<Outcome> outcomes = new LocalSweep(
                        values, worlds, results, List.of(java, "-jar", jar.toString()), System.err::println)
                .run();
        System.out.print(table(outcomes));
        System.exit(outcomes.stream().allMatch(o -> o.exitCode() == 0) ? 0 : 1);
    }

    /**
     * One scenario's result.
     *
     * @param index the Job completion index
     * @param name the scenario's name
     * @param world the world file as the scenario names it
     * @param exitCode the process exit code (Cloe's outcome code)
     * @param outcome the outcome from result.json, or "none" when it wrote no report
     * @param why why it ended so: result.json's {@code message} (the load error, the abort's reason, the trigger
     *     that ended it), the last line of its log when it wrote no report; empty when there is nothing to say
     * @param simTime sim time at the stop, seconds
     * @param achievedRealTimeFactor sim time over wall time
     * @param report where its result.json is
     */
    public record Outcome(
            int index,
            String name,
            String world,
            int exitCode,
            String outcome,
            String why,
            double simTime,
            double achievedRealTimeFactor,
            Path report) {}

    /** Renders the chart, runs every scenario (as many at once as the values' parallelism) and collects them. */
    @SuppressWarnings("unchecked")
    public List<Outcome> run() throws Exception {
        Map<String, Object> values = new Yaml().load(Files.readString(valuesFile));
        Map<String, Object> sweep = (Map<String, Object>) values.getOrDefault("sweep", Map.of());
        List<Map<String, Object>> scenarios = (List<Map<String, Object>>) sweep.getOrDefault("scenarios", List.of());
        int parallelism = Math.max(
                1,
                Math.min(
                        ((Number) sweep.getOrDefault("parallelism", 1)).intValue(),
                        Runtime.getRuntime().availableProcessors()));

        HelmPlatform.require();
        String manifests = new Helm(Path.of("helm/orrery"))
                .template()
                .withName("local")
                .withKubeVersion("1.33.0")
                .withValuesFile(valuesFile)
                .set("mode", "sweep")
                .call();
        Path configDir = Files.createDirectories(resultsDir.resolve("config")).toAbsolutePath();
        String location = null;
        for (Object document : new Yaml().loadAll(manifests)) {
            if (!(document instanceof Map<?, ?> object)) {
                continue;
            }
            if ("ConfigMap".equals(object.get("kind"))
                    && object.get("data") instanceof Map<?, ?> data
                    && data.keySet().stream().anyMatch(k -> String.valueOf(k).startsWith("scenario-"))) {
                for (Map.Entry<?, ?> e : data.entrySet()) {
                    Files.writeString(configDir.resolve(String.valueOf(e.getKey())), String.valueOf(e.getValue()));
                }
            }
            if ("Job".equals(object.get("kind"))) {
                location = jobEnv((Map<String, Object>) object, "SPRING_CONFIG_ADDITIONAL_LOCATION");
            }
        }
        if (location == null) {
            throw new IllegalStateException("the chart rendered no sweep Job for " + valuesFile);
        }
        // The Job reads file:/config/scenario-${JOB_COMPLETION_INDEX}.yaml; here /config is configDir.
        String localLocation = location.replace("file:/config/", "file:" + configDir + "/");

        progress.accept(String.format(
                Locale.ROOT,
                "sweep of %d scenarios from %s, %d at once; each one's result.json, result.mcap and orrery.log go to %s/<index>/",
                scenarios.size(),
                valuesFile,
                parallelism,
                resultsDir));
        SweepProgress shown = new SweepProgress(scenarios.size(), System::nanoTime, progress);
        ExecutorService pool = Executors.newFixedThreadPool(parallelism);
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sweep-progress");
            t.setDaemon(true);
            return t;
        });
        try {
            ticker.scheduleAtFixedRate(shown::heartbeat, 1, 1, TimeUnit.SECONDS);
            List<Future<Outcome>> running = new ArrayList<>();
            for (int i = 0; i < scenarios.size(); i++) {
                int index = i;
                String name = String.valueOf(scenarios.get(i).get("name"));
                running.add(pool.submit(() -> {
                    shown.started(index, name);
                    Outcome o = runScenario(index, name, configDir, localLocation);
                    shown.finished(o);
                    return o;
                }));
            }
            List<Outcome> outcomes = new ArrayList<>();
            for (Future<Outcome> f : running) {
                outcomes.add(f.get());
            }
            return outcomes;
        } finally {
            ticker.shutdownNow();
            pool.shutdownNow();
        }
    }

    @SuppressWarnings("unchecked")
    private Outcome runScenario(int index, String name, Path configDir, String location) throws Exception {
        Map<String, Object> file = new Yaml().load(Files.readString(configDir.resolve("scenario-" + index + ".yaml")));
        Map<String, Object> orrery = (Map<String, Object>) file.get("orrery");
        String world = String.valueOf(orrery.get("world"));
        String podWorlds = String.valueOf(orrery.getOrDefault("worlds-dir", "/worlds"));
        String report = String.valueOf(orrery.get("report"));
        Path localReport =
                resultsDir.resolve(report.substring(RESULTS_MOUNT.length())).toAbsolutePath();
        Files.deleteIfExists(localReport);
        Path log = Files.createDirectories(localReport.getParent()).resolve("orrery.log");

        List<String> command = new ArrayList<>(launcher);
        command.add("--server.port=0");
        command.add("--orrery.world=" + mapUnder(world, podWorlds, worldsDir));
        command.add("--orrery.worlds-dir=" + worldsDir.toAbsolutePath());
        command.add("--orrery.report=" + localReport);
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("JOB_COMPLETION_INDEX", Integer.toString(index));
        pb.environment().put("SPRING_CONFIG_ADDITIONAL_LOCATION", location);
        Process process = pb.start();
        if (!process.waitFor(30, TimeUnit.MINUTES)) {
            process.destroy();
            process.waitFor(60, TimeUnit.SECONDS);
        }
        int exit = process.exitValue();
        if (!Files.exists(localReport)) {
            return new Outcome(index, name, world, exit, "none", lastLine(log), 0, 0, localReport);
        }
        JsonNode json = new ObjectMapper().readTree(localReport.toFile());
        return new Outcome(
                index,
                name,
                world,
                exit,
                json.get("outcome").asText(),
                json.path("message").asText(""),
                json.get("simTime").asDouble(),
                json.get("achievedRealTimeFactor").asDouble(),
                localReport);
    }

    /** The last line of {@code log} that is not blank, or a note that there is none. */
    static String lastLine(Path log) throws java.io.IOException {
        if (!Files.exists(log)) {
            return "no report and no log";
        }
        List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.UTF_8);
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return "no report; its log ends: " + lines.get(i).strip();
            }
        }
        return "no report; its log is empty";
    }

    /** A pod path under {@code podDir} as the same path under {@code localDir}; other paths stay as they are. */
    static String mapUnder(String path, String podDir, Path localDir) {
        String prefix = podDir.endsWith("/") ? podDir : podDir + "/";
        return path.startsWith(prefix)
                ? localDir.resolve(path.substring(prefix.length()))
                        .toAbsolutePath()
                        .toString()
                : path;
    }

    @SuppressWarnings("unchecked")
    private static String jobEnv(Map<String, Object> job, String name) {
        Map<String, Object> spec = (Map<String, Object>)
                ((Map<String, Object>) ((Map<String, Object>) job.get("spec")).get("template")).get("spec");
        for (Map<String, Object> container : (List<Map<String, Object>>) spec.get("containers")) {
            for (Map<String, Object> env : (List<Map<String, Object>>) container.getOrDefault("env", List.of())) {
                if (name.equals(env.get("name"))) {
                    return String.valueOf(env.get("value"));
                }
            }
        }
        return null;
    }

    /** Why a scenario ended, cut to fit the table's last column; result.json holds it whole. */
    static final int WHY_CHARS = 120;

    /**
     * The summary table: index, name, world, outcome, exit code, sim time, achieved factor and why it ended so; then
     * where the reports are.
     */
    static String table(List<Outcome> outcomes) {
        StringBuilder out = new StringBuilder(String.format(
                Locale.ROOT,
                "%5s  %-16s %-28s %-10s %4s %10s %10s  %s%n",
                "index",
                "scenario",
                "world",
                "outcome",
                "exit",
                "sim time",
                "achieved",
                "why"));
        for (Outcome o : outcomes) {
            out.append(String.format(
                    Locale.ROOT,
                    "%5d  %-16s %-28s %-10s %4d %9.3fs %10.2f  %s%n",
                    o.index(),
                    o.name(),
                    o.world(),
                    o.outcome(),
                    o.exitCode(),
                    o.simTime(),
                    o.achievedRealTimeFactor(),
                    o.why().isEmpty() ? "-" : cut(o.why().replaceAll("\\s+", " "))));
        }
        out.append(String.format("%nreports, each with its recording (result.mcap) and orrery.log beside it:%n"));
        for (Outcome o : outcomes) {
            out.append(String.format(Locale.ROOT, "%5d  %s%n", o.index(), o.report()));
        }
        return out.toString();
    }

    private static String cut(String why) {
        return why.length() <= WHY_CHARS ? why : why.substring(0, WHY_CHARS - 1) + "…";
    }
}
