package io.orrery.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.topic.msgs.Header;
import io.orrery.topic.msgs.Twist;
import io.orrery.topic.msgs.Vector3d;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TopicBusTests {

    private final QueuedDriver driver = new QueuedDriver();
    private final TopicBus bus = new TopicBus(driver);

    private static Twist twist(double x) {
        return new Twist(Header.at(0), new Vector3d(x, 0, 0), Vector3d.ZERO);
    }

    private static io.orrery.topic.msgs.Double number(double d) {
        return new io.orrery.topic.msgs.Double(Header.at(0), d);
    }

    @Test
    void onTheDrivingThreadSubscribersGetEveryMessageAtOnceInOrder() {
        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.linear().x()));
        Publisher<Twist> p = bus.advertise("/cmd_vel", Twist.class, "b");

        assertThat(p.publish(twist(1))).isCompleted();
        p.publish(twist(2));
        p.publish(twist(3));

        assertThat(got).containsExactly(1.0, 2.0, 3.0);
        assertThat(bus.latest("/cmd_vel")).get().extracting(TopicMessage::message).isEqualTo(twist(3));
    }

    @Test
    void aMessagePublishedFromACallbackComesAfterTheCurrentOneHasReachedEverySubscriber() {
        List<String> log = new ArrayList<>();
        bus.advertise("/out", io.orrery.topic.msgs.Double.class, "relay");
        bus.subscribe("/in", Twist.class, "relay", t -> {
            log.add("relay got " + t.linear().x());
            bus.publish("/out", number(t.linear().x() * 10));
        });
        bus.subscribe("/in", Twist.class, "second", t -> log.add("second got " + t.linear().x()));
        bus.subscribe("/out", io.orrery.topic.msgs.Double.class, "sink", d -> log.add("sink got " + d.data()));

        bus.publish("/in", twist(1));

        assertThat(log).containsExactly("relay got 1.0", "second got 1.0", "sink got 10.0");
    }

    @Test
    void aMessageFromAnotherThreadWaitsForTheDrivingThreadAndIsDeliveredThereInOrder() throws Exception {
        List<Thread> callbackThreads = new CopyOnWriteArrayList<>();
        List<Double> got = new CopyOnWriteArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> {
            callbackThreads.add(Thread.currentThread());
            got.add(t.linear().x());
        });
        Publisher<Twist> p = bus.advertise("/cmd_vel", Twist.class, "plugin");

        List<CompletableFuture<Void>> futures = new ArrayList<>();
        Thread plugin = new Thread(() -> {
            for (int i = 1; i <= 100; i++) {
                futures.add(p.publish(twist(i)));
            }
        });
        plugin.start();
        plugin.join();

        assertThat(got).isEmpty();
        assertThat(bus.latest("/cmd_vel")).isEmpty();
        assertThat(futures).noneMatch(CompletableFuture::isDone);

        driver.drain();

        assertThat(got).hasSize(100).isSorted();
        assertThat(callbackThreads).containsOnly(Thread.currentThread());
        CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get(1, TimeUnit.SECONDS);
        assertThat(bus.latest("/cmd_vel").orElseThrow().message()).isEqualTo(twist(100));
    }

    @Test
    void aResetClearsTheLatestMessagesAndDropsWhatWasNotYetDelivered() throws Exception {
        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.linear().x()));
        bus.publish("/cmd_vel", twist(1));
        Thread other = new Thread(() -> bus.publish("/cmd_vel", twist(2)));
        other.start();
        other.join();

        bus.reset();
        driver.drain();

        assertThat(got).containsExactly(1.0);
        assertThat(bus.latest("/cmd_vel")).isEmpty();
        assertThat(bus.topic("/cmd_vel").orElseThrow().subscribers()).containsExactly("a");

        bus.publish("/cmd_vel", twist(3)); // the next episode goes on as usual
        assertThat(got).containsExactly(1.0, 3.0);
    }

    @Test
    void aClosedBusDeliversNothingMoreAndAnotherBusIsIndependent() {
        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.linear().x()));
        Thread other = new Thread(() -> bus.publish("/cmd_vel", twist(1)));
        other.start();
        try {
            other.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        TopicBus next = new TopicBus(driver);

        bus.close();
        driver.drain();

        assertThat(got).isEmpty();
        assertThat(bus.publish("/cmd_vel", twist(2))).isCompletedExceptionally();
        assertThat(next.topics()).isEmpty();
        assertThat(next.latest("/cmd_vel")).isEmpty();
    }

    @Test
    void topicsListTypesPublishersAndSubscribersAndReleaseWithdrawsAnOwner() {
        bus.advertise("/model/vehicle_blue/odometry", io.orrery.topic.msgs.Odometry.class, "diff_drive");
        bus.subscribe("model/vehicle_blue/cmd_vel", Twist.class, "diff_drive", t -> { });
        bus.advertise("/model/vehicle_blue/cmd_vel", Twist.class, "keyboard");
        bus.advertise("/model/vehicle_blue/cmd_vel", Twist.class, "keyboard");

        assertThat(bus.topics()).containsExactly(
                new TopicInfo("/model/vehicle_blue/cmd_vel", "gz.msgs.Twist", List.of("keyboard"),
                        List.of("diff_drive")),
                new TopicInfo("/model/vehicle_blue/odometry", "gz.msgs.Odometry", List.of("diff_drive"), List.of()));

        bus.release("diff_drive");

        assertThat(bus.topic("/model/vehicle_blue/cmd_vel").orElseThrow().subscribers()).isEmpty();
        assertThat(bus.topic("/model/vehicle_blue/odometry").orElseThrow().publishers()).isEmpty();
    }

    @Test
    void aCallbackThatThrowsDoesNotKeepTheMessageFromTheOthers() {
        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "bad", t -> {
            throw new IllegalStateException("boom");
        });
        bus.subscribe("/cmd_vel", Twist.class, "good", t -> got.add(t.linear().x()));

        bus.publish("/cmd_vel", twist(1));

        assertThat(got).containsExactly(1.0);
    }

    @Test
    void wrongTypesAndUnknownTopicsAreRefusedNamingThem() {
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> { });
        assertThatThrownBy(() -> bus.advertise("/cmd_vel", io.orrery.topic.msgs.Double.class, "b"))
                .hasMessageContaining("'/cmd_vel' carries gz.msgs.Twist, not gz.msgs.Double");
        assertThatThrownBy(() -> bus.publish("/cmd_vel", number(1)))
                .hasMessageContaining("'/cmd_vel' carries gz.msgs.Twist, not gz.msgs.Double");
        assertThatThrownBy(() -> bus.publish("/nope", number(1)))
                .isInstanceOf(UnknownTopicException.class).hasMessageContaining("/nope")
                .hasMessageContaining("there are: /cmd_vel");
        assertThatThrownBy(() -> bus.subscribe("/a b", Twist.class, "a", t -> { }))
                .hasMessageContaining("not valid");
    }
}
