package io.orrery.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.soak.Soak;
import io.orrery.soak.SoakReport;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The soak in the build: {@value Soak#CLIENTS} clients for {@code orrery.soak.seconds} (10 in the build) mix
 * every kind of command against the real server (see {@link Soak}); the long run is the benchmark runner's
 * {@code soak}. Every answer has a status its kind of command may get (2xx, 409 for a state another client
 * changed first, 404 for a model the client's ledger says is not there), none contradicts the ledger, liveness
 * never went down, the model list and a final save are the ledger's, every saved file loads, threads and heap did
 * not grow, and no event-stream client is left over.
 */
class SoakTests extends ApiTestSupport {

    static final long SECONDS = Long.getLong("orrery.soak.seconds", 10);

    @Autowired
    EventStream eventStream;

    @BeforeEach
    @AfterEach
    void pausedAndReset() {
        ApiFixtures.pausedAndReset(this);
    }

    @Test
    void clientsMixingEveryCommandGetOnlyTheirStatusesAndLeaveTheLedgersModels() throws Exception {
        Soak.copyWorld(WORLDS_DIR);
        SoakReport r = new Soak(uri("/"), WORLDS_DIR, Soak.CLIENTS, Duration.ofSeconds(SECONDS), 20261122L).run();
        System.out.println(r);

        assertThat(r.unexpectedCount())
                .as("answers their command may not get: %s", r.unexpected())
                .isZero();
        assertThat(r.statuses().keySet())
                .as("no 5xx, no request without an answer")
                .allMatch(s -> s > 0 && s < 500);
        assertThat(r.disagreementCount())
                .as("answers against the ledger: %s", r.disagreements())
                .isZero();
        assertThat(r.livenessPolls()).isPositive();
        assertThat(r.livenessFailures()).as("liveness went down").isEmpty();
        assertThat(r.serverModels()).as("the server's models").isEqualTo(r.ledgerModels());
        assertThat(r.finalSaveModels()).as("the models of a save at the end").isEqualTo(r.ledgerModels());
        assertThat(r.savedFiles()).isPositive();
        assertThat(r.unreadableSaves()).as("saved files that do not load").isEmpty();
        // Threads: the soak's own (8 clients, 8 subscriber readers, 4 HTTP client threads, the sampler and the
        // poller) all run before the first sample, and Tomcat adds a worker only while all are busy, at most one
        // per request in flight: 8 clients + the poller. More than that in the last stretch than in the first is
        // a leak.
        assertThat(r.lastMaxThreads())
                .as("threads, first %s, last %s", r.first(), r.last())
                .isLessThanOrEqualTo(r.firstMaxThreads() + Soak.CLIENTS + 1);
        // Heap after a full collection: what the world can legitimately gain between the stretches is the
        // clients' spawned models (at most 8 x 4 spheres) and their snapshots, well under 1 MB, and the first
        // stretch still warms up (its samples spread over about 3 MB here); 8 MB more in the few seconds between
        // the stretches is a leak (about 1 MB a second; the 60 s benchmark run gained 1.1 MB in 50 s).
        assertThat(r.lastMedianHeap())
                .as("heap, first %s, last %s", r.first(), r.last())
                .isLessThanOrEqualTo(r.firstMedianHeap() + 8_000_000L);

        assertThat(runner.isRunning()).isTrue();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (eventStream.clientCount() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(eventStream.clientCount())
                .as("event-stream clients left over")
                .isZero();
    }
}
