package io.orrery.transport.record;

import io.orrery.app.Topics;
import io.orrery.app.WorldFiles;
import io.orrery.app.WorldId;
import io.orrery.app.WorldSources;
import io.orrery.app.Worlds;
import io.orrery.lifecycle.SimEvent;
import io.orrery.lifecycle.SimState;
import io.orrery.ops.OrreryProperties;
import io.orrery.ops.RunRecordingFile;
import io.orrery.runner.port.RunListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The recorder: from the start into {@code orrery.record.path} when it is set, or when asked over the API (the
 * recording controller); its tick follows the bus; a recording under way is finished when the service stops.
 */
@Configuration(proxyBeanMethods = false)
class RecordConfiguration implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(RecordConfiguration.class);

    private final Recorder recorder;
    private final WorldLogRecord logRecord;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "orrery-record-sync");
        t.setDaemon(true);
        return t;
    });

    RecordConfiguration(
            RecordProperties properties,
            Topics topics,
            WorldFiles files,
            Environment environment,
            Worlds worlds,
            OrreryProperties orrery,
            WorldSources reader) {
        ReplayJournal journal = new ReplayJournal(properties.maxStateEntries(), properties.maxCommands());
        worlds.get(WorldId.DEFAULT).events().accept(journal);
        Supplier<Path> world = () -> {
            try {
                return files.loaded(WorldId.DEFAULT).source();
            } catch (IllegalStateException notYet) { // before the world has loaded: the configured one
                return orrery.worldFile();
            }
        };
        this.recorder = new Recorder(
                topics, files, properties, about(environment), new ReplaySetup(orrery, reader, world, journal));
        this.logRecord = new WorldLogRecord(recorder, files, Path.of(properties.directory()), Clock.systemUTC());
        // A world's LogRecord starts on the runner's thread as the world starts (its load, a reload), before its
        // first step, as orrery.record.path's starts before the runner: the file holds every step from the first.
        // Opening the file there is a load's cost, once; the sync tick looks too, for a world loaded before this.
        worlds.get(WorldId.DEFAULT).events().accept(new RunListener() {
            @Override
            public void onTransition(SimState from, SimState to, SimEvent event) {
                if (to == SimState.START) {
                    try {
                        logRecord.tick();
                    } catch (RuntimeException e) { // the run goes on unrecorded; never the runner's failure
                        log.error("LogRecord: cannot start the world's recording: {}", e.toString(), e);
                    }
                }
                try { // the scene and new topics followed at once, not a sync period on
                    ticker.execute(RecordConfiguration.this::tick);
                } catch (RejectedExecutionException stopping) { // the service is stopping
                }
            }
        });
        Optional<Path> recording = RunRecordingFile.of(environment, orrery.reportFile());
        if (recording.isPresent()) {
            Path file = recording.get();
            try {
                recorder.start(file);
            } catch (IOException e) {
                if (!properties.path().isBlank()) { // asked for by name: the run does not start without it
                    throw new UncheckedIOException(
                            "orrery.record.path: cannot write " + file.toAbsolutePath() + ": " + e.getMessage(), e);
                }
                // beside the report, unasked: the run goes on, and the report (if it can be written) says the rest
                log.error(
                        "Recording: cannot write {} beside orrery.report: {}; the run goes on unrecorded",
                        file.toAbsolutePath(),
                        e.getMessage());
            }
        }
        ticker.scheduleWithFixedDelay(this::tick, 0, properties.syncPeriod().toMillis(), TimeUnit.MILLISECONDS);
    }

    @Bean
    Recorder recorder() {
        return recorder;
    }

    /** One look: the world's LogRecord, then the bus (the sync thread's, and a test's). */
    void tick() {
        try {
            logRecord.tick();
            recorder.tick();
        } catch (RuntimeException e) { // the next tick tries again; a dead ticker would record nothing new
            log.warn("Recording: following the bus failed: {}", e.toString(), e);
        }
    }

    /** What the file's metadata says about the run: the world and the settings that decide what it does. */
    private static Map<String, String> about(Environment environment) {
        Map<String, String> about = new LinkedHashMap<>();
        for (String key : new String[] {"orrery.world", "orrery.seed", "orrery.physics.engine", "orrery.step-size"}) {
            String value = environment.getProperty(key);
            if (value != null) {
                about.put(key, value);
            }
        }
        return about;
    }

    @Override
    public void destroy() {
        ticker.shutdownNow();
        try {
            recorder.stop();
        } catch (IOException e) {
            log.error("Recording: {}", e.getMessage());
        }
    }
}
