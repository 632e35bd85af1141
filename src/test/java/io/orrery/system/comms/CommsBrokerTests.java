package io.orrery.system.comms;

import static io.orrery.system.comms.CommsFrames.frame;
import static io.orrery.system.comms.CommsFrames.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.gz.msgs.DataframeProtos.Dataframe;
import io.orrery.world.Vec3;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The broker core as gz-sim's Broker_TEST.cc and MsgManager_TEST.cc exercise theirs, and Orrery's bounds. */
class CommsBrokerTests {

    private static final DeliveryModel PERFECT = (f, from, to, now) -> Route.deliver(f.message());
    private static final Map<String, Vec3> WORLD = Map.of("box1", new Vec3(2, 0, 0), "box2", new Vec3(-2, 0, 0));

    private final List<String> published = new ArrayList<>();

    private void step(CommsBroker broker, long nowNanos) {
        broker.step(nowNanos, m -> Optional.ofNullable(WORLD.get(m)), (t, m) -> published.add(t + ":" + text(m)));
    }

    @Test
    void anAddressBelongsToOneModelUntilItsLastTopicIsUnbound() {
        CommsBroker broker = new CommsBroker(PERFECT);
        assertThat(broker.bind("addr1", "box1", "box1", "/addr1/rx")).isTrue();
        assertThat(broker.bind("addr1", "box1", "box1", "/addr1/other")).isTrue();
        assertThat(broker.bind("addr1", "box2", "box2", "/addr1/rx")).isFalse();
        assertThat(broker.boundModel("addr1")).contains("box1");
        assertThat(broker.unbind("addr1", "/addr1/rx")).isTrue();
        assertThat(broker.bind("addr1", "box2", "box2", "/x")).isFalse();
        assertThat(broker.unbind("addr1", "/addr1/other")).isTrue();
        assertThat(broker.boundModel("addr1")).isEmpty();
        assertThat(broker.bind("addr1", "box2", "box2", "/x")).isTrue();
        assertThat(broker.unbind("nobody", "/x")).isFalse();
    }

    @Test
    void whatArrivesIsPublishedOnEveryTopicOfItsDestinationAndStamped() {
        CommsBroker broker = new CommsBroker(PERFECT);
        broker.bind("addr1", "box1", "box1", "/a");
        broker.bind("addr1", "box1", "box1", "/b");
        broker.bind("addr2", "box2", "box2", "/c");
        step(broker, 5_000_000L);
        List<Dataframe> seen = new ArrayList<>();
        CommsBroker recording = new CommsBroker((f, from, to, now) -> {
            seen.add(f.message());
            return Route.deliver(f.message());
        });
        recording.bind("addr1", "box1", "box1", "/a");
        recording.bind("addr2", "box2", "box2", "/c");
        recording.step(2_500_000_000L, m -> Optional.ofNullable(WORLD.get(m)), (t, m) -> {});
        assertThat(recording.offer(frame("addr2", "addr1", "x"))).isEqualTo(CommsBroker.Refusal.NONE);
        recording.step(2_501_000_000L, m -> Optional.ofNullable(WORLD.get(m)), (t, m) -> {});
        assertThat(seen).singleElement().satisfies(m -> {
            assertThat(m.getHeader().getStamp().getSec()).isEqualTo(2);
            assertThat(m.getHeader().getStamp().getNsec()).isEqualTo(500_000_000);
        });
        assertThat(broker.offer(frame("addr2", "addr1", "hi"))).isEqualTo(CommsBroker.Refusal.NONE);
        step(broker, 6_000_000L);
        assertThat(published).containsExactly("/a:hi", "/b:hi");
    }

    @Test
    void aModelThatIsNotInTheWorldNeitherSendsNorReceives() {
        CommsBroker broker = new CommsBroker(PERFECT);
        broker.bind("addr1", "box1", "box1", "/a");
        broker.bind("addr3", "gone", "gone", "/c");
        broker.offer(frame("addr3", "addr1", "from a missing model"));
        broker.offer(frame("addr1", "addr3", "to a missing model"));
        step(broker, 1);
        assertThat(published).isEmpty();
        assertThat(broker.queued()).isZero();
    }

    @Test
    void heldMessagesWaitAndTheQueueIsBounded() {
        CommsBroker broker = new CommsBroker((f, from, to, now) -> Route.HOLD);
        broker.bind("addr1", "box1", "box1", "/a");
        broker.bind("addr2", "box2", "box2", "/c");
        for (int i = 0; i < CommsBroker.MAX_QUEUED; i++) {
            assertThat(broker.offer(frame("addr2", "addr1", "m" + i))).isEqualTo(CommsBroker.Refusal.NONE);
        }
        assertThat(broker.offer(frame("addr2", "addr1", "one more"))).isEqualTo(CommsBroker.Refusal.QUEUE_FULL);
        step(broker, 1);
        assertThat(broker.queued()).isEqualTo(CommsBroker.MAX_QUEUED);
        assertThat(published).isEmpty();
        broker.clear();
        assertThat(broker.queued()).isZero();
        assertThat(broker.boundModel("addr1")).isEmpty();
    }

    @Test
    void unboundSourcesAndOversizedPayloadsAreRefused() {
        CommsBroker broker = new CommsBroker(PERFECT);
        broker.bind("addr1", "box1", "box1", "/a");
        assertThat(broker.offer(frame("nobody", "addr1", "x"))).isEqualTo(CommsBroker.Refusal.UNBOUND_SOURCE);
        Dataframe big = Dataframe.newBuilder()
                .setSrcAddress("addr1")
                .setDstAddress("addr1")
                .setData(ByteString.copyFrom(new byte[CommsBroker.MAX_PAYLOAD_BYTES + 1]))
                .build();
        assertThat(broker.offer(big)).isEqualTo(CommsBroker.Refusal.TOO_LARGE);
    }
}
