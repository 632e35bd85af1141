package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.orrery.OrreryApplication;
import io.orrery.lifecycle.SimState;
import io.orrery.runner.SimulationRunner;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A real Orrery server on a random port for the lockstep tests: started paused, as fast as possible, with seed 42,
 * on one world file; closed with the test.
 */
final class LockstepServer implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private LockstepServer(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts a server on {@code world} with {@code extra} arguments and waits until it is paused after load. */
    static LockstepServer start(Path world, String... extra) throws InterruptedException {
        return start(List.of(), world, extra);
    }

    /** As {@link #start(Path, String...)}, with {@code sources} (test plugins' configurations) in the context. */
    static LockstepServer start(List<Class<?>> sources, Path world, String... extra) throws InterruptedException {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--orrery.worlds-dir=" + world.getParent(),
                "--orrery.world=" + world,
                "--orrery.real-time-factor=0",
                "--orrery.start-paused=true",
                "--orrery.status-log-interval=0s",
                "--orrery.seed=42"));
        args.addAll(List.of(extra));
        List<Class<?>> all = new ArrayList<>(List.of(OrreryApplication.class));
        all.addAll(sources);
        LockstepServer server = new LockstepServer(
                new SpringApplicationBuilder(all.toArray(Class<?>[]::new)).run(args.toArray(String[]::new)));
        SimulationRunner runner = server.runner();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (runner.reads().currentState() != SimState.PAUSE) {
            assertThat(System.nanoTime())
                    .as("paused after load: %s", runner.reads().status())
                    .isLessThan(deadline);
            Thread.sleep(10);
        }
        return server;
    }

    SimulationRunner runner() {
        return context.getBean(SimulationRunner.class);
    }

    int port() {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    ControlClient connect() throws Exception {
        return ControlClient.connect(port());
    }

    HttpResponse<String> get(String path) {
        return ControlServer.get(port(), path);
    }

    HttpResponse<String> post(String path, String json) {
        return ControlServer.post(port(), path, json);
    }

    @Override
    public void close() {
        context.close();
    }

    /**
     * {@code steps} lockstep steps of one step each, observing {@code topics}: a hash of every answer (its id left
     * out), which holds the sim time, every observed message with its sequence number, and the models' states.
     */
    static String episode(ControlClient c, int steps, List<String> topics, List<String> models) throws Exception {
        MessageDigest hash = MessageDigest.getInstance("SHA-256");
        for (int k = 0; k < steps; k++) {
            ObjectNode step = c.request("step");
            topics.forEach(step.putArray("observe")::add);
            models.forEach(step.putArray("models")::add);
            JsonNode answer = c.call(step);
            assertThat(answer.get("op").asText()).as("answer %s", answer).isEqualTo("stepped");
            ((ObjectNode) answer).remove("id");
            hash.update(answer.toString().getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(hash.digest()).substring(0, 16);
    }

    /** A reset through the control socket; fails unless it answers at sim time 0. */
    static void reset(ControlClient c) throws Exception {
        JsonNode answer = c.call(c.request("reset"));
        assertThat(answer.get("op").asText()).as("answer %s", answer).isEqualTo("reset");
        assertThat(answer.get("simTime").asDouble()).as("answer %s", answer).isZero();
    }
}
