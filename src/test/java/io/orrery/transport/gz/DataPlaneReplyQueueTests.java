package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.util.unit.DataSize;

/**
 * Answers to service calls wait for their requester's connection, and nothing bounded how many: 3,000
 * {@code scene/info} requests naming a closed reply endpoint on 3k_shapes grew the process by 655 MB. At most
 * {@code orrery.transport.reply-queue} answers wait now; one more is dropped, counted and reported in a WARN line at
 * most every 10 s. The data path runs on 127.0.0.1 only (no discovery, no multicast); the answers' deadline is an hour,
 * so none leaves the queue while the test runs, whatever the machine's load.
 */
class DataPlaneReplyQueueTests {

    static final int QUEUE = 8;

    @Test
    void answersBeyondTheQueueAreDroppedCountedAndReportedOnce() throws Exception {
        Logger dataLog = (Logger) LoggerFactory.getLogger(DataPlane.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        dataLog.addAppender(logged);
        String closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = "tcp://127.0.0.1:" + s.getLocalPort(); // nobody listens there once it is closed
        }
        GzTransportProperties p = new GzTransportProperties(
                true, "127.0.0.1", true, "gz", DataSize.ofMegabytes(1), 100, 1000, 256, 10000, 64, QUEUE);
        try (DataPlane data = new DataPlane("127.0.0.1", p, new NoInbound(), 3_600_000_000_000L)) {
            data.start();
            byte[] answer = new byte[200_000]; // about a scene/info answer of 3k_shapes
            for (int i = 0; i < 100; i++) {
                data.reply(request(closed, i), answer, true);
            }

            assertThat(data.waitingReplies()).isEqualTo(QUEUE);
            assertThat(data.droppedReplies()).isEqualTo(100 - QUEUE);
        } finally {
            dataLog.detachAppender(logged);
        }
        synchronized (logged) {
            assertThat(logged.list)
                    .filteredOn(e -> e.getLevel() == Level.WARN)
                    .singleElement()
                    .satisfies(e -> assertThat(e.getFormattedMessage())
                            .contains("orrery.transport.reply-queue", String.valueOf(QUEUE)));
        }
    }

    private static DataPlane.Request request(String replyTo, int i) {
        return new DataPlane.Request(
                "@/host:user@/world/w/scene/info",
                replyTo,
                "requester-" + i,
                "node",
                "request-" + i,
                new byte[0],
                "gz.msgs.Empty",
                "gz.msgs.Scene");
    }

    private static final class NoInbound implements DataPlane.Inbound {
        @Override
        public void onTopicMessage(String qualifiedTopic, String type, byte[] data) {}

        @Override
        public void onServiceRequest(DataPlane.Request request) {}
    }
}
