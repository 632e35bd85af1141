package io.orrery.topic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.gz.msgs.DoubleProtos;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.topic.msgs.Messages;
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
        return Twist.newBuilder()
                .setHeader(Messages.header(0))
                .setLinear(Messages.vector(x, 0, 0))
                .setAngular(Messages.vector(0, 0, 0))
                .build();
    }

    private static DoubleProtos.Double number(double d) {
        return DoubleProtos.Double.newBuilder()
                .setHeader(Messages.header(0))
                .setData(d)
                .build();
    }

    @Test
    void onTheDrivingThreadSubscribersGetEveryMessageAtOnceInOrder() {
        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.getLinear().getX()));
        Publisher<Twist> p = bus.advertise("/cmd_vel", Twist.class, "b");

        assertThat(p.publish(twist(1))).isCompleted();
        p.publish(twist(2));
        p.publish(twist(3));

        assertThat(got).containsExactly(1.0, 2.0, 3.0);
        assertThat(bus.latest("/cmd_vel"))
                .get()
                .extracting(TopicMessage::message)
                .isEqualTo(twist(3));
    }

    @Test
    void aMessagePublishedFromACallbackComesAfterTheCurrentOneHasReachedEverySubscriber() {
        List<String> log = new ArrayList<>();
        bus.advertise("/out", DoubleProtos.Double.class, "relay");
        bus.subscribe("/in", Twist.class, "relay", t -> {
            log.add("relay got " + t.getLinear().getX());
            bus.publish("/out", number(t.getLinear().getX() * 10));
        });
        bus.subscribe(
                "/in",
                Twist.class,
                "second",
                t -> log.add("second got " + t.getLinear().getX()));
        bus.subscribe("/out", DoubleProtos.Double.class, "sink", d -> log.add("sink got " + d.getData()));

        bus.publish("/in", twist(1));

        assertThat(log).containsExactly("relay got 1.0", "second got 1.0", "sink got 10.0");
    }

    @Test
    void aMessageFromAnotherThreadWaitsForTheDrivingThreadAndIsDeliveredThereInOrder() throws Exception {
        List<Thread> callbackThreads = new CopyOnWriteArrayList<>();
        List<Double> got = new CopyOnWriteArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> {
            callbackThreads.add(Thread.currentThread());
            got.add(t.getLinear().getX());
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
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.getLinear().getX()));
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
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.getLinear().getX()));
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
        bus.advertise("/model/vehicle_blue/odometry", Odometry.class, "diff_drive");
        bus.subscribe("model/vehicle_blue/cmd_vel", Twist.class, "diff_drive", t -> {});
        bus.advertise("/model/vehicle_blue/cmd_vel", Twist.class, "keyboard");
        bus.advertise("/model/vehicle_blue/cmd_vel", Twist.class, "keyboard");

        assertThat(bus.topics())
                .containsExactly(
                        new TopicInfo(
                                "/model/vehicle_blue/cmd_vel",
                                "gz.msgs.Twist",
                                List.of("keyboard"),
                                List.of("diff_drive")),
                        new TopicInfo(
                                "/model/vehicle_blue/odometry", "gz.msgs.Odometry", List.of("diff_drive"), List.of()));

        bus.release("diff_drive");

        assertThat(bus.topic("/model/vehicle_blue/cmd_vel").orElseThrow().subscribers())
                .isEmpty();
        assertThat(bus.topic("/model/vehicle_blue/odometry").orElseThrow().publishers())
                .isEmpty();
    }

    @Test
    void aCallbackThatThrowsDoesNotKeepTheMessageFromTheOthers() {
        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "bad", t -> {
            throw new IllegalStateException("boom");
        });
        bus.subscribe(
                "/cmd_vel", Twist.class, "good", t -> got.add(t.getLinear().getX()));

        bus.publish("/cmd_vel", twist(1));

        assertThat(got).containsExactly(1.0);
    }

    @Test
    void wrongTypesAndUnknownTopicsAreRefusedNamingThem() {
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> {});
        assertThatThrownBy(() -> bus.advertise("/cmd_vel", DoubleProtos.Double.class, "b"))
                .hasMessageContaining("'/cmd_vel' carries gz.msgs.Twist, not gz.msgs.Double");
        assertThatThrownBy(() -> bus.publish("/cmd_vel", number(1)))
                .hasMessageContaining("'/cmd_vel' carries gz.msgs.Twist, not gz.msgs.Double");
        assertThatThrownBy(() -> bus.publish("/nope", number(1)))
                .isInstanceOf(UnknownTopicException.class)
                .hasMessageContaining("/nope")
                .hasMessageContaining("there are: /cmd_vel");
        assertThatThrownBy(() -> bus.subscribe("/a b", Twist.class, "a", t -> {}))
                .hasMessageContaining("not valid");
    }

    @Test
    void aListenerIsToldOnceOfEachNewTopicBeforeItsFirstMessageAndMaySubscribeFromIt() {
        bus.advertise("/before", Twist.class, "early");
        List<String> log = new ArrayList<>();
        bus.addTopicListener(topic -> {
            log.add("appeared " + topic.name() + " " + topic.type() + " " + topic.publishers() + topic.subscribers());
            if (topic.type().equals("gz.msgs.Twist")) {
                bus.subscribe(
                        topic.name(),
                        Twist.class,
                        "listener",
                        t -> log.add("got " + topic.name() + " " + t.getLinear().getX()));
            }
        });

        Publisher<Twist> p = bus.advertise("/cmd_vel", Twist.class, "b");
        p.publish(twist(1));
        bus.advertise("/cmd_vel", Twist.class, "c").publish(twist(2));
        bus.subscribe("/cmd_vel", Twist.class, "d", t -> {});
        bus.subscribe("/out", DoubleProtos.Double.class, "e", d -> {});
        bus.publish("/before", twist(3));

        // a topic appears once, whoever comes first (an advertiser or a subscriber); one there was is not told
        assertThat(log)
                .containsExactly(
                        "appeared /cmd_vel gz.msgs.Twist [b][]",
                        "got /cmd_vel 1.0",
                        "got /cmd_vel 2.0",
                        "appeared /out gz.msgs.Double [][e]");
    }

    @Test
    void aListenerThatThrowsKeepsNeitherTheTopicNorTheOtherListenersAndARemovedOneHearsNothing() {
        List<String> told = new ArrayList<>();
        bus.addTopicListener(topic -> {
            throw new IllegalStateException("boom");
        });
        TopicListener removed = topic -> told.add("removed " + topic.name());
        bus.addTopicListener(removed);
        bus.addTopicListener(topic -> told.add("kept " + topic.name()));
        bus.removeTopicListener(removed);

        List<Double> got = new ArrayList<>();
        bus.subscribe("/cmd_vel", Twist.class, "a", t -> got.add(t.getLinear().getX()));
        bus.publish("/cmd_vel", twist(1));

        assertThat(told).containsExactly("kept /cmd_vel");
        assertThat(got).containsExactly(1.0);
    }

    @Test
    void aBusKeepsABoundedNumberOfListenersAndNoneOnceClosed() {
        List<TopicListener> added = new ArrayList<>();
        for (int i = 0; i < TopicBus.MAX_TOPIC_LISTENERS; i++) {
            TopicListener l = topic -> {};
            bus.addTopicListener(l);
            added.add(l);
        }
        assertThatThrownBy(() -> bus.addTopicListener(topic -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at most " + TopicBus.MAX_TOPIC_LISTENERS + " topic listeners");
        bus.removeTopicListener(added.get(0));
        bus.addTopicListener(topic -> {});

        bus.close();
        assertThatThrownBy(() -> bus.addTopicListener(topic -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unloaded");
    }

    @Test
    void aSubscriptionWithAPeriodTakesOneMessageAPeriodOfSimTimeAndIsNoSubscriberInBetween() {
        long[] now = {0};
        TopicBus timed = new TopicBus(driver, () -> now[0], () -> 0);
        Publisher<Twist> p = timed.advertise("/cmd_vel", Twist.class, "robot");
        List<Long> got = new ArrayList<>();
        List<Long> built = new ArrayList<>();
        timed.subscribe("/cmd_vel", Twist.class, "recorder", 10_000_000, t -> got.add(now[0]));
        // a publisher at 1 kHz that builds only for subscribers, as the scene broadcaster does
        for (long ms = 0; ms < 100; ms++) {
            now[0] = ms * 1_000_000;
            if (p.hasSubscribers()) {
                built.add(now[0]);
                p.publish(twist(ms));
            }
        }
        List<Long> every10ms = new ArrayList<>();
        for (long ms = 0; ms < 100; ms += 10) {
            every10ms.add(ms * 1_000_000);
        }
        assertThat(got).isEqualTo(every10ms);
        assertThat(built).as("nothing built that nobody takes").isEqualTo(every10ms);

        // at 120 Hz (every 8 or 9 ms) it keeps 100 a second on average, not every other one
        got.clear();
        timed.reset();
        for (int i = 0; i < 120; i++) {
            now[0] = Math.round(i * 1e9 / 120 / 1e6) * 1_000_000;
            p.publish(twist(i));
        }
        assertThat(got).hasSize(100);

        // a reset starts afresh: the first message of the new episode is taken, at a sim time back at 0
        got.clear();
        timed.reset();
        now[0] = 0;
        assertThat(p.hasSubscribers()).isTrue();
        p.publish(twist(0));
        assertThat(got).containsExactly(0L);

        // another subscriber without a period takes every message, and makes the topic subscribed throughout
        timed.subscribe("/cmd_vel", Twist.class, "controller", t -> {});
        now[0] = 1_000_000;
        assertThat(p.hasSubscribers()).isTrue();
        assertThatThrownBy(() -> timed.subscribe("/cmd_vel", Twist.class, "x", -1, t -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("negative");
    }
}
