package io.orrery.topic.msgs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.PoseProtos;
import com.gz.msgs.QuaternionProtos.Quaternion;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The one room for gz.msgs: each conversion, both ways where there are two. */
class MessagesTests {

    @Test
    void timesAreSecondsAndNanosecondsBothWays() {
        assertThat(Messages.time(-1).getSec()).isEqualTo(-1);
        assertThat(Messages.time(-1).getNsec()).isEqualTo(999_999_999);
        assertThat(Messages.nanos(Messages.time(12_345_678_901L))).isEqualTo(12_345_678_901L);
        Instant wall = Instant.ofEpochSecond(1_700_000_000L, 42);
        assertThat(Messages.time(wall).getSec()).isEqualTo(1_700_000_000L);
        assertThat(Messages.time(wall).getNsec()).isEqualTo(42);
    }

    @Test
    void headersCarryGazebosFrameKeys() {
        Header h = Messages.header(1_500_000_000L, "odom", "base");
        assertThat(h.getStamp().getSec()).isEqualTo(1);
        assertThat(h.getStamp().getNsec()).isEqualTo(500_000_000);
        assertThat(h.getDataList())
                .extracting(d -> d.getKey() + "=" + d.getValue(0))
                .containsExactly("frame_id=odom", "child_frame_id=base");
        assertThat(Messages.header(0, "odom", null).getDataList()).hasSize(1);
    }

    @Test
    void aPoseGoesOutAndComesBackTheSame() {
        Pose pose = new Pose(new Vec3(1, -2, 3), new Quat(0.5, 0.5, 0.5, 0.5));
        PoseProtos.Pose msg = Messages.pose("box", EntityIds.id("box"), pose);
        assertThat(msg.getName()).isEqualTo("box");
        assertThat(Integer.toUnsignedLong(msg.getId())).isEqualTo(EntityIds.id("box"));
        assertThat(Messages.toPose(msg)).isEqualTo(pose);
        assertThat(Messages.pose(pose))
                .isEqualTo(msg.toBuilder().clearName().clearId().build());
    }

    @Test
    void anOrientationLeftOutIsTheIdentityAndAnotherIsNormalised() {
        PoseProtos.Pose noOrientation = PoseProtos.Pose.newBuilder()
                .setPosition(Messages.vector(1, 2, 3))
                .build();
        assertThat(Messages.toPose(noOrientation).rotation()).isEqualTo(Quat.IDENTITY);
        PoseProtos.Pose twice = noOrientation.toBuilder()
                .setOrientation(Messages.quaternion(0, 0, 0, 2))
                .build();
        assertThat(Messages.toPose(twice).rotation()).isEqualTo(Quat.IDENTITY);
        PoseProtos.Pose infinite = noOrientation.toBuilder()
                .setPosition(Messages.vector(Double.POSITIVE_INFINITY, 0, 0))
                .build();
        assertThatThrownBy(() -> Messages.toPose(infinite)).hasMessageStartingWith("the pose must be finite");
    }

    @Test
    void aHeadingIsATurnAboutZ() {
        Quaternion q = Messages.yaw(Math.PI);
        // sin(pi/2) = 1, cos(pi/2) = 6.1e-17 in doubles
        assertThat(q.getZ()).isEqualTo(1.0);
        assertThat(q.getW()).isEqualTo(Math.cos(Math.PI / 2));
        assertThat(q.getX()).isZero();
    }

    @Test
    void entityIdsAreStableAndNeverTheWorldsOrZero() {
        assertThat(EntityIds.id("vehicle::chassis")).isEqualTo(EntityIds.id("vehicle::chassis"));
        assertThat(EntityIds.id("vehicle")).isNotEqualTo(EntityIds.id("vehicle::chassis"));
        assertThat(EntityIds.WORLD).isEqualTo(1);
        assertThat(EntityIds.id("")).isGreaterThan(EntityIds.WORLD);
    }
}
