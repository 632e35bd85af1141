package io.orrery.ops;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.orrery.log.LogSafe;
import io.orrery.runner.port.RunListener;
import io.orrery.runner.port.RunResult;
import io.orrery.world.Pose;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a run's result.json once the run has ended: through a temporary file and an atomic move, so a reader
 * never sees half a file. A report that could not be written is logged as an error and remembered, so that a
 * batch run does not end as if it had succeeded ({@link ExitOnStop}).
 */
final class RunReportWriter implements RunListener {

    private static final Logger log = LoggerFactory.getLogger(RunReportWriter.class);

    private final ObjectMapper mapper;
    private final Path target;
    private final String engine;
    private final Optional<Path> recording;
    private volatile String failure;

    RunReportWriter(ObjectMapper mapper, Path target, String engine) {
        this(mapper, target, engine, Optional.empty());
    }

    /** @param recording the MCAP file the run records itself into, named in the report */
    RunReportWriter(ObjectMapper mapper, Path target, String engine, Optional<Path> recording) {
        this.mapper = mapper.copy().enable(SerializationFeature.INDENT_OUTPUT);
        this.target = target;
        this.engine = engine;
        this.recording = recording;
    }

    @Override
    public void onFinished(RunResult result) {
        try {
            write(result);
        } catch (IOException | RuntimeException e) {
            // an I/O error or a fault building the JSON: either way the report is lost, never just a WARN
            failure = "the report " + target + " was not written: " + e;
            log.error("The report {} was not written", LogSafe.of(target), e);
        }
    }

    /** Why the report was not written; empty while it was, or before the run ended. */
    Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    private void write(RunResult result) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            Map<String, Object> json = toJson(result, engine);
            recording.ifPresent(r -> json.put("recording", named(r)));
            mapper.writeValue(tmp.toFile(), json);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The recording by its name when it lies beside the report, else by its path. */
    private String named(Path r) {
        Path dir = target.toAbsolutePath().getParent();
        Path abs = r.toAbsolutePath();
        return dir.equals(abs.getParent()) ? abs.getFileName().toString() : r.toString();
    }

    static Map<String, Object> toJson(RunResult r, String engine) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("outcome", r.outcome().jsonName());
        json.put("exitCode", r.outcome().exitCode());
        r.message().ifPresent(m -> json.put("message", m));
        json.put(
                "world",
                Map.of("name", r.worldName().orElse(""), "file", r.worldFile().toString()));
        json.put("engine", engine);
        json.put("simTime", r.simTimeNanos() / 1e9);
        json.put("iterations", r.iterations());
        json.put("wallTime", r.wallTimeNanos() / 1e9);
        json.put("achievedRealTimeFactor", r.achievedRealTimeFactor());
        json.put("statistics", r.statistics());
        json.put(
                "models",
                r.models().stream()
                        .map(m -> Map.of("name", m.name(), "static", m.isStatic(), "pose", PoseJson.of(m.pose())))
                        .toList());
        json.put(
                "plugins",
                r.plugins().stream()
                        .map(p -> p.error() == null
                                ? Map.of("name", p.name(), "state", p.state().name())
                                : Map.of("name", p.name(), "state", p.state().name(), "error", p.error()))
                        .toList());
        return json;
    }

    /** A pose as JSON everywhere in Orrery: metres and radians in the world frame. */
    record PoseJson(double x, double y, double z, double roll, double pitch, double yaw) {
        static PoseJson of(Pose p) {
            var rpy = p.rotation().toEuler();
            return new PoseJson(p.x(), p.y(), p.z(), rpy.x(), rpy.y(), rpy.z());
        }
    }
}
