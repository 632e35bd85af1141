package io.orrery.ops;

import io.orrery.physics.Articulation;
import io.orrery.plugin.PluginEndpoints;
import io.orrery.trigger.TriggerAction;
import io.orrery.world.mesh.MeshLimits;
import io.orrery.world.sdf.SdfLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Orrery's run configuration, the {@code orrery.*} properties of {@code application.yaml}. Checked as it is bound:
 * a bad value fails the start with a message naming the property, the allowed range and the value given. All the
 * checks are plain code in the records' constructors, the range checks beside the ones no annotation can express.
 *
 * @param world the SDF world file to load
 * @param modelPath directories searched for {@code model://} includes (GZ_SIM_RESOURCE_PATH is searched too)
 * @param worldsDir the directory worlds are saved to and loaded from over the API
 * @param stepSize the fixed step size; unset means the world's {@code <max_step_size>}
 * @param realTimeFactor the target real-time factor, at least 0 (0 = as fast as possible); unset means the
 *     world's {@code <real_time_factor>}
 * @param maxStepsPerFrame at most this many catch-up steps per frame when the simulation falls behind
 * @param maxCatchUp how far (in wall time) the simulation may fall behind and still catch up; steps later than
 *     this are dropped, logged and counted
 * @param maxPendingCommands the most commands (topic publishes, steps, world edits ...) that may wait for the runner
 *     at once, queued or held back during a step batch or a load; one more is refused at once (HTTP 503 with
 *     Retry-After), and nothing already accepted is dropped. Stop, pause, a controller's release and reads are
 *     never refused for room
 * @param maxPendingPublishBytes the most bytes of topic messages (their protobuf size) published from outside the loop
 *     (HTTP, gz-transport, plugins' threads) that may wait for the runner at once; one more publish is refused at once
 *     (HTTP 503 with Retry-After), unless nothing waits (a single message larger than the bound still goes)
 * @param startPaused start in Pause instead of running
 * @param stopAt stop with outcome success once sim time reaches this
 * @param stopAfterSteps stop with outcome success after this many steps
 * @param exitOnStop exit the process with the outcome's code once the simulation disconnects
 * @param report write result.json to this path when the simulation stops
 * @param parallelPostUpdate run PostUpdate systems in parallel on a bounded pool
 * @param triggers triggers armed at start, in Cloe's form (event, action, label, sticky)
 * @param statusLogInterval how often a status line is logged while the simulation runs; 0 turns it off
 * @param plugins always-on plugins, loaded into every world before the world's own
 * @param requiredPlugins plugin names whose failure to start means no-start, besides {@code required="true"}
 * @param pluginStartTimeout how long loading waits for every plugin to start
 * @param pluginStartThreads threads starting plugins in parallel; 0 means min(8, number of plugins)
 * @param pluginOutputDir where plugins write the files a world asks them for (Gazebo's ColladaWorldExporter's
 *     mesh), each under the world's name
 * @param seed the seed of the sensors' noise: the same seed gives the same noise
 * @param sdf limits on what one SDF read may hold: the world file, each included file and each spawn request
 * @param physics the physics engine
 * @param allowedPluginEndpoints hosts ({@code host} or {@code host:port}) that plugins which open connections (such
 *     as {@code orrery-lifecycle-bridge}) may connect to when they come from a request: a spawned model, a world
 *     loaded or reloaded over the API; the world file the server was started with may name any host. Empty by
 *     default: such plugins from requests are refused with 422
 * @param mesh limits on the mesh and heightmap files worlds and spawn requests name
 * @param control the control WebSocket's client watch
 */
@ConfigurationProperties("orrery")
public record OrreryProperties(
        @DefaultValue("worlds/default.sdf") String world,
        @DefaultValue List<String> modelPath,
        @DefaultValue("worlds") String worldsDir,
        Duration stepSize,
        Double realTimeFactor,
        @DefaultValue("10") int maxStepsPerFrame,
        @DefaultValue("1s") Duration maxCatchUp,
        @DefaultValue("1024") int maxPendingCommands,
        @DefaultValue("16MB") DataSize maxPendingPublishBytes,
        @DefaultValue("false") boolean startPaused,
        Duration stopAt,
        Long stopAfterSteps,
        @DefaultValue("false") boolean exitOnStop,
        String report,
        @DefaultValue("false") boolean parallelPostUpdate,
        @DefaultValue List<TriggerProperties> triggers,
        @DefaultValue("10s") Duration statusLogInterval,
        @DefaultValue List<PluginProperties> plugins,
        @DefaultValue List<String> requiredPlugins,
        @DefaultValue("30s") Duration pluginStartTimeout,
        @DefaultValue("0") int pluginStartThreads,
        @DefaultValue("exports") String pluginOutputDir,
        @DefaultValue("0") long seed,
        @DefaultValue SdfProperties sdf,
        @DefaultValue PhysicsProperties physics,
        @DefaultValue List<String> allowedPluginEndpoints,
        @DefaultValue MeshProperties mesh,
        @DefaultValue ControlProperties control) {

    // Paths are bound as strings and turned into paths here: Spring's own String-to-Path conversion reads a path
    // starting with '/' as a classpath resource when one of that name exists.

    /** The world file. */
    public Path worldFile() {
        return Path.of(world);
    }

    /** The worlds directory. */
    public Path worldsDirectory() {
        return Path.of(worldsDir);
    }

    /** Where result.json goes, if anywhere. */
    public Optional<Path> reportFile() {
        return report == null || report.isBlank() ? Optional.empty() : Optional.of(Path.of(report));
    }

    /** Where plugins write the files a world asks them for. */
    public Path pluginOutputDirectory() {
        return Path.of(pluginOutputDir);
    }

    /** The model path directories. */
    public List<Path> modelPathDirectories() {
        return modelPath.stream().map(Path::of).toList();
    }

    /** The longest step Orrery accepts; longer steps make rigid-body contact unstable. */
    static final Duration MAX_STEP_SIZE = Duration.ofSeconds(1);

    public OrreryProperties {
        Checks.notBlank("orrery.world", world);
        Checks.notBlank("orrery.worlds-dir", worldsDir);
        Checks.notBlank("orrery.plugin-output-dir", pluginOutputDir);
        if (realTimeFactor != null && !(realTimeFactor >= 0)) {
            throw new IllegalArgumentException("orrery.real-time-factor must be a number at least 0 (0 runs as fast as"
                    + " possible), got " + realTimeFactor);
        }
        Checks.atLeast("orrery.max-steps-per-frame", maxStepsPerFrame, 1, "");
        Checks.atLeast("orrery.max-pending-commands", maxPendingCommands, 1, "");
        Checks.set("orrery.max-pending-publish-bytes", maxPendingPublishBytes);
        Checks.atLeast("orrery.max-pending-publish-bytes", maxPendingPublishBytes.toBytes(), 1, " (bytes)");
        if (stopAfterSteps != null) {
            Checks.atLeast("orrery.stop-after-steps", stopAfterSteps, 1, "");
        }
        Checks.atLeast("orrery.plugin-start-threads", pluginStartThreads, 0, " (0 = min(8, number of plugins))");
        if (stepSize != null && (stepSize.isNegative() || stepSize.isZero() || stepSize.compareTo(MAX_STEP_SIZE) > 0)) {
            throw new IllegalArgumentException("orrery.step-size must be between 1ns and 1s, got " + stepSize);
        }
        if (realTimeFactor != null
                && realTimeFactor > 0
                && realTimeFactor < TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR) {
            throw new IllegalArgumentException("orrery.real-time-factor must be 0 or at least "
                    + TriggerAction.MIN_POSITIVE_REAL_TIME_FACTOR + ", got " + realTimeFactor);
        }
        if (maxCatchUp.isNegative() || maxCatchUp.isZero()) {
            throw new IllegalArgumentException("orrery.max-catch-up must be positive, got " + maxCatchUp);
        }
        if (stopAt != null && stopAt.isNegative()) {
            throw new IllegalArgumentException("orrery.stop-at must be a sim time of at least 0, got " + stopAt);
        }
        if (statusLogInterval.isNegative()) {
            throw new IllegalArgumentException(
                    "orrery.status-log-interval must be at least 0, got " + statusLogInterval);
        }
        if (pluginStartTimeout.isNegative() || pluginStartTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "orrery.plugin-start-timeout must be positive, got " + pluginStartTimeout);
        }
        modelPath = List.copyOf(modelPath);
        plugins = List.copyOf(plugins);
        requiredPlugins = List.copyOf(requiredPlugins);
        triggers = List.copyOf(triggers);
        allowedPluginEndpoints.forEach(PluginEndpoints::checkEntry); // fails naming the property and the entry
        allowedPluginEndpoints = List.copyOf(allowedPluginEndpoints);
    }

    /** The Fuel cache root {@code orrery.sdf.fuel-cache} names, if it names one. */
    public Optional<Path> fuelCache() {
        return sdf.fuelCache() == null || sdf.fuelCache().isBlank()
                ? Optional.empty()
                : Optional.of(Path.of(sdf.fuelCache().strip()));
    }

    /** The SDF reader's limits. */
    public SdfLimits sdfLimits() {
        return new SdfLimits(
                sdf.maxBytes().toBytes(),
                sdf.maxDepth(),
                sdf.maxModels(),
                sdf.maxLidarRays(),
                sdf.maxUpdateRate(),
                sdf.maxNoise());
    }

    /** The mesh loader's limits. */
    public MeshLimits meshLimits() {
        return new MeshLimits(mesh.maxBytes().toBytes(), mesh.maxTriangles(), mesh.cacheMaxTriangles());
    }

    /**
     * Limits on mesh and heightmap files; beyond them a load fails naming the SDF file, line, column, the URI and the
     * property.
     *
     * @param maxBytes the largest mesh or heightmap file
     * @param maxTriangles the most triangles one mesh (after {@code <submesh>}) or one heightmap grid may hold
     * @param cacheMaxTriangles the most triangles the mesh cache keeps for the process's life; past it the least
     *     recently used meshes are dropped and read again when next named (0 keeps none)
     */
    public record MeshProperties(
            @DefaultValue("256MB") DataSize maxBytes,
            @DefaultValue("2000000") int maxTriangles,
            @DefaultValue("5000000") long cacheMaxTriangles) {

        public MeshProperties {
            if (maxBytes.toBytes() < 1) {
                throw new IllegalArgumentException("orrery.mesh.max-bytes must be at least 1 byte, got " + maxBytes);
            }
            Checks.atLeast("orrery.mesh.max-triangles", maxTriangles, 1, "");
            Checks.atLeast("orrery.mesh.cache-max-triangles", cacheMaxTriangles, 0, "");
        }
    }

    /**
     * Limits on SDF documents; beyond them a read fails naming the file, line, column and the property.
     *
     * @param maxBytes the largest SDF document (the world, each included file, a spawn request's snippet)
     * @param maxDepth the deepest nesting of XML elements in one document (real worlds need about 10)
     * @param maxModels the most models one world file or snippet may hold, nested and included ones counted;
     *     spawning beyond it into the running world is refused too
     * @param maxLidarRays the most lidar rays one world file or snippet may ask for: each lidar's horizontal ×
     *     vertical samples (times its resolution where that is above 1), summed over its lidars
     * @param maxUpdateRate the highest {@code <update_rate>} a sensor may have, in Hz of sim time
     * @param maxNoise the largest magnitude of a sensor's {@code <noise>} parameters (mean, stddev, bias_mean,
     *     bias_stddev, precision), in the units of the value the noise is added to
     * @param fuelCache the root of Gazebo's local Fuel cache that Fuel URLs are read from (never fetched); unset
     *     means GZ_FUEL_CACHE_PATH, else ~/.gz/fuel
     * @param unsupported {@code warn} lists what Orrery does not simulate ({@code GET /api/world}, health, log);
     *     {@code fail} refuses a world or spawn that holds any of it
     */
    public record SdfProperties(
            @DefaultValue("64MB") DataSize maxBytes,
            @DefaultValue("100") int maxDepth,
            @DefaultValue("100000") int maxModels,
            @DefaultValue("262144") int maxLidarRays,
            @DefaultValue("1000000") double maxUpdateRate,
            @DefaultValue("1000000") double maxNoise,
            String fuelCache,
            @DefaultValue("warn") String unsupported) {

        public SdfProperties {
            unsupported = unsupported == null ? "warn" : unsupported.strip().toLowerCase(java.util.Locale.ROOT);
            if (!unsupported.equals("warn") && !unsupported.equals("fail")) {
                throw new IllegalArgumentException(
                        "orrery.sdf.unsupported must be warn or fail, got '" + unsupported + "'");
            }
            if (maxBytes.toBytes() < 1) {
                throw new IllegalArgumentException("orrery.sdf.max-bytes must be at least 1 byte, got " + maxBytes);
            }
            Checks.atLeast("orrery.sdf.max-depth", maxDepth, 8, "");
            Checks.atLeast("orrery.sdf.max-models", maxModels, 1, "");
            if (maxLidarRays < 1 || maxLidarRays > SdfLimits.MAX_LIDAR_RAYS_LIMIT) {
                throw new IllegalArgumentException("orrery.sdf.max-lidar-rays must be between 1 and "
                        + SdfLimits.MAX_LIDAR_RAYS_LIMIT + ", got " + maxLidarRays);
            }
            Checks.positiveFinite("orrery.sdf.max-update-rate", maxUpdateRate, " Hz");
            Checks.positiveFinite("orrery.sdf.max-noise", maxNoise, "");
        }
    }

    /**
     * The physics engine.
     *
     * @param engine {@code jbullet} (pure Java, the default) or {@code bullet} (native Bullet 3 through
     *     Libbulletjme)
     * @param articulation how models' links are held to their joints: {@code constraints} (the default: the
     *     engine's constraints alone) or {@code projected} (after every step the links are put exactly where their
     *     joints' coordinates say, and servos, damping, friction and limits are finished in joint space)
     */
    public record PhysicsProperties(
            @DefaultValue(PhysicsEngines.DEFAULT) String engine,
            @DefaultValue(Articulation.DEFAULT_ID) String articulation) {

        public PhysicsProperties {
            engine = engine == null ? PhysicsEngines.DEFAULT : engine.trim().toLowerCase(java.util.Locale.ROOT);
            if (!PhysicsEngines.NAMES.contains(engine)) {
                throw new IllegalArgumentException(PhysicsEngines.unknown(engine));
            }
            articulation = Articulation.named(articulation == null ? Articulation.DEFAULT_ID : articulation)
                    .id();
        }
    }

    /**
     * The control WebSocket's clients ({@code /api/control}).
     *
     * @param idleTimeout a connection from which nothing (a frame, or a pong to the pings sent three times per
     *     timeout) has come for this long is taken for a dead host: its hold on the simulation is released (the world
     *     stays paused) and it is closed
     */
    public record ControlProperties(@DefaultValue("30s") Duration idleTimeout) {

        /** The shortest timeout: pings go out three times per timeout. */
        static final Duration MIN_IDLE_TIMEOUT = Duration.ofMillis(100);

        public ControlProperties {
            if (idleTimeout == null || idleTimeout.compareTo(MIN_IDLE_TIMEOUT) < 0) {
                throw new IllegalArgumentException(
                        "orrery.control.idle-timeout must be at least 100ms, got " + idleTimeout);
            }
        }
    }

    /**
     * One trigger in Cloe's form.
     *
     * @param event for example {@code time=10.5}, {@code start}, {@code next}
     * @param action for example {@code stop}, {@code fail}, {@code realtime_factor=2}
     * @param label a name for the history
     * @param sticky re-arm after firing
     */
    public record TriggerProperties(
            String event,
            String action,
            String label,
            @DefaultValue("false") boolean sticky) {

        public TriggerProperties {
            Checks.set("a trigger's event (orrery.triggers[].event)", event);
            Checks.set("a trigger's action (orrery.triggers[].action)", action);
        }
    }

    /**
     * An always-on plugin, as a world's {@code <plugin>} element would name it.
     *
     * @param name the instance name
     * @param filename the plugin type
     * @param parameters its parameters, as the child elements' names and texts
     * @param required failing to start it means no-start
     */
    public record PluginProperties(
            String name,
            String filename,
            @DefaultValue Map<String, String> parameters,
            @DefaultValue("false") boolean required) {

        public PluginProperties {
            Checks.set("a plugin's name (orrery.plugins[].name)", name);
            Checks.set("a plugin's filename (orrery.plugins[].filename)", filename);
        }
    }
}
