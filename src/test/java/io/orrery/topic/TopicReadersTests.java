package io.orrery.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.gz.msgs.ClockProtos.Clock;
import io.orrery.topic.msgs.Messages;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A reader off the bus counts as a subscriber for a while after each read, and may wait for the next message. */
class TopicReadersTests {

    private final AtomicLong wall = new AtomicLong(1_000);
    private final TopicBus bus = new TopicBus(BusDriver.callingThread(), () -> 0, wall::get);
    private final Publisher<Clock> clock = bus.advertise("/clock", Clock.class, "broadcaster");

    private static Clock at(long nanos) {
        return Clock.newBuilder().setSim(Messages.time(nanos)).build();
    }

    @Test
    void aReadSubscribesTheReaderForTheHoldAfterTheLastRead() {
        assertThat(clock.hasSubscribers()).isFalse();

        bus.read("/clock");

        assertThat(clock.hasSubscribers()).isTrue();
        assertThat(bus.topic("/clock").orElseThrow().subscribers()).containsExactly(TopicBus.READER);
        wall.addAndGet(TopicBus.READER_HOLD_NANOS - 1);
        assertThat(clock.hasSubscribers()).isTrue();
        bus.read("clock"); // another read holds it again, from now
        wall.addAndGet(TopicBus.READER_HOLD_NANOS - 1);
        assertThat(clock.hasSubscribers()).isTrue();
        wall.addAndGet(1);
        assertThat(clock.hasSubscribers()).isFalse();
        assertThat(bus.topic("/clock").orElseThrow().subscribers()).isEmpty();
    }

    @Test
    void aReaderDoesNotMakeATopicOneToPublishOn() {
        bus.read("/clock");

        assertThatThrownBy(() -> bus.requireSubscribed("/clock"))
                .isInstanceOf(UnknownTopicException.class)
                .hasMessageContaining("nothing subscribes to '/clock'");
    }

    @Test
    void aReadOfATopicNobodyUsesChangesNothing() {
        bus.read("/nobody");

        assertThat(bus.topic("/nobody")).isEmpty();
        assertThat(bus.next("/nobody")).isCompletedWithValue(null);
    }

    @Test
    void aWaitingReaderGetsTheNextMessageAndIsForgotten() {
        CompletableFuture<TopicMessage> next = bus.next("/clock");
        assertThat(next).isNotDone();

        clock.publish(at(5));

        assertThat(next.join().message()).isEqualTo(at(5));
        CompletableFuture<TopicMessage> gaveUp = bus.next("/clock");
        gaveUp.cancel(false);
        List<CompletableFuture<TopicMessage>> waiting = new ArrayList<>();
        for (int i = 0; i < TopicBus.MAX_WAITING_READERS; i++) {
            waiting.add(bus.next("/clock")); // the one that gave up left room
        }
        assertThat(waiting).allMatch(f -> !f.isDone());
        assertThat(bus.next("/clock")).as("one more than the bound").isCompletedWithValue(null);
        clock.publish(at(6));
        assertThat(waiting).allMatch(f -> f.join().message().equals(at(6)));
        assertThat(bus.next("/clock")).isNotDone();
    }

    @Test
    void closingTheBusEndsTheWait() {
        CompletableFuture<TopicMessage> next = bus.next("/clock");

        bus.close();

        assertThat(next).isCompletedWithValue(null);
    }
}
