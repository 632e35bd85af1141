package io.orrery.builtin;

import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginCommand;
import io.orrery.plugin.PluginContext;
import io.orrery.plugin.PluginEvent;
import io.orrery.plugin.PluginFactory;
import io.orrery.plugin.WorldSnapshot;
import io.orrery.world.PluginSpec;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Tells an outside bridge (a ROS bridge, a test harness) about resets, starts and stops, the role of CLOiSim's
 * SimulationWorld signal: on {@link PluginEvent.Reset}, {@link PluginEvent.SimulationStarted} and
 * {@link PluginEvent.Stopped} it POSTs {@code {"event":"reset","world":"...","simTime":1.5}} (events
 * {@code reset}, {@code started}, {@code stopped}) to {@code <endpoint>}.
 *
 * <p>Delivery is asynchronous, one event at a time in order on the plugin's own thread, so
 * {@link #onEvent} returns at once and never holds up the runner. Each attempt waits at most
 * {@code <timeout_ms>} (default 2000); a failed attempt (an error, a timeout, a status other than 2xx) is
 * retried {@code <retries>} times (default 3) after {@code <backoff_ms>} (default 100), doubling each time.
 * At most {@value #QUEUE_LIMIT} events wait; beyond that an event is counted failed at once. The command
 * {@code stats} returns the delivered, failed and pending counts.
 *
 * <pre>{@code
 * <plugin name="ros_bridge" filename="orrery-lifecycle-bridge">
 *   <endpoint>http://bridge:8080/orrery/lifecycle</endpoint>
 * </plugin>
 * }</pre>
 */
public final class LifecycleBridgePlugin implements Plugin {

    /** The filename this plugin type is registered under. */
    public static final String FILENAME = "orrery-lifecycle-bridge";

    private static final String ENDPOINT = "endpoint";

    /**
     * Makes the plugin, and says where it would connect: its {@code <endpoint>}, read as {@link #awake} reads it,
     * so a world or model from a request can be refused before it loads ({@link io.orrery.plugin.PluginEndpoints}).
     */
    public static final PluginFactory FACTORY = new PluginFactory() {
        @Override
        public Plugin create(PluginSpec spec) {
            return new LifecycleBridgePlugin();
        }

        @Override
        public List<String> endpoints(PluginSpec spec) {
            return new Parameters(spec).text(ENDPOINT).map(List::of).orElse(List.of());
        }
    };

    static final int QUEUE_LIMIT = 256;

    /**
     * Delivery counts.
     *
     * @param delivered events the endpoint accepted (2xx)
     * @param failed events given up on after every retry, or dropped because the queue was full
     * @param pending events waiting or being delivered
     */
    public record Stats(long delivered, long failed, long pending) {}

    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong pending = new AtomicLong();
    private PluginContext context;
    private URI endpoint;
    private Duration timeout;
    private int retries;
    private long backoffMillis;
    private HttpClient client;
    private ThreadPoolExecutor sender;

    @Override
    public void awake(PluginContext context) {
        this.context = context;
        Parameters params = new Parameters(context.spec());
        String url = params.required(ENDPOINT, "an http or https URL");
        try {
            endpoint = new URI(url);
        } catch (URISyntaxException e) {
            throw params.bad(ENDPOINT, "an http or https URL", "'" + url + "'");
        }
        if (!("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme()))
                || endpoint.getHost() == null) {
            throw params.bad(ENDPOINT, "an http or https URL", "'" + url + "'");
        }
        timeout = Duration.ofMillis(
                params.integer("timeout_ms", 2000, 1, Integer.MAX_VALUE, "a timeout in milliseconds, at least 1"));
        retries = params.integer("retries", 3, 0, 100, "a retry count from 0 to 100");
        backoffMillis = params.integer("backoff_ms", 100, 0, 60_000, "a delay in milliseconds from 0 to 60000");
    }

    @Override
    public void start(PluginContext context) {
        // redirects are not followed (the client's default): the endpoint that was checked is the only one reached
        client = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        String threadName = "orrery-lifecycle-bridge-" + context.qualifiedName();
        sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE_LIMIT), r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void onEvent(PluginEvent event) {
        String name;
        if (event instanceof PluginEvent.Reset) {
            name = "reset";
        } else if (event instanceof PluginEvent.SimulationStarted) {
            name = "started";
        } else if (event instanceof PluginEvent.Stopped) {
            name = "stopped";
        } else {
            return;
        }
        // The snapshot is read now, on the caller's thread, so the message describes the moment of the event.
        WorldSnapshot snapshot = context.snapshot();
        String body = "{\"event\":\"" + name + "\",\"world\":" + jsonString(snapshot.world()) + ",\"simTime\":"
                + snapshot.simTimeSeconds() + "}";
        pending.incrementAndGet();
        try {
            sender.execute(() -> deliver(name, body));
        } catch (RejectedExecutionException e) {
            pending.decrementAndGet();
            failed.incrementAndGet();
            context.logger()
                    .warn(
                            "dropped lifecycle event '{}' for {}: {} events already waiting",
                            name,
                            endpoint,
                            QUEUE_LIMIT);
        }
    }

    /**
     * Lets the signals already queued go out, for at most one request timeout, then stops. The stop signal is
     * sent as the simulation ends: dropping the queue at once would lose exactly the one a bridge needs most.
     */
    @Override
    public void end() {
        if (sender == null) {
            return;
        }
        sender.shutdown();
        try {
            if (!sender.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                sender.shutdownNow();
            }
        } catch (InterruptedException e) {
            sender.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public Map<String, PluginCommand> commands() {
        return Map.of("stats", args -> stats());
    }

    /** The delivery counts so far. */
    public Stats stats() {
        return new Stats(delivered.get(), failed.get(), pending.get());
    }

    private void deliver(String name, String body) {
        try {
            HttpRequest request = HttpRequest.newBuilder(endpoint)
                    .timeout(timeout)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build();
            String lastError = "not sent";
            for (int attempt = 0; attempt <= retries; attempt++) {
                if (attempt > 0) {
                    Thread.sleep(backoffMillis << Math.min(attempt - 1, 20));
                }
                try {
                    int status = client.send(request, HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                    if (status / 100 == 2) {
                        delivered.incrementAndGet();
                        return;
                    }
                    lastError = "HTTP " + status;
                } catch (IOException e) {
                    lastError = e.toString();
                }
            }
            failed.incrementAndGet();
            context.logger()
                    .warn(
                            "could not deliver lifecycle event '{}' to {} after {} attempts: {}",
                            name,
                            endpoint,
                            retries + 1,
                            lastError);
        } catch (InterruptedException e) {
            // The plugin is ending: the event is not delivered.
            failed.incrementAndGet();
            Thread.currentThread().interrupt();
        } finally {
            pending.decrementAndGet();
        }
    }

    static String jsonString(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
