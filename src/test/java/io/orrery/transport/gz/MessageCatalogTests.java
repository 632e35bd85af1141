package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.WorldControlProtos.WorldControl;
import io.orrery.topic.msgs.Messages;
import org.junit.jupiter.api.Test;

/** Type names on the wire under either generation's prefix, and inbound bytes read as the bus's own messages. */
class MessageCatalogTests {

    @Test
    void theWireNameFollowsTheSettingAndInboundNamesAreTakenUnderEither() {
        assertThat(new MessageCatalog(MessageCatalog.GZ).wireName(Twist.class)).contains("gz.msgs.Twist");
        assertThat(new MessageCatalog(MessageCatalog.IGNITION).wireName(Twist.class))
                .contains("ignition.msgs.Twist");
        assertThat(new MessageCatalog(MessageCatalog.IGNITION).wireName(WorldControl.getDescriptor()))
                .isEqualTo("ignition.msgs.WorldControl");

        assertThat(MessageCatalog.sameType("gz.msgs.Twist", Twist.class)).isTrue();
        assertThat(MessageCatalog.sameType("ignition.msgs.Twist", Twist.class)).isTrue();
        assertThat(MessageCatalog.sameType("ignition.msgs.Twist", Clock.class)).isFalse();
        assertThat(MessageCatalog.sameType("Twist", Twist.class)).isFalse();
        assertThat(MessageCatalog.sameType("ignition.msgs.WorldControl", WorldControl.getDescriptor()))
                .isTrue();
    }

    @Test
    void inboundBytesAreTheBusMessageItselfAndANonFiniteNumberIsRefusedNamingTheField() {
        Twist sent = Twist.newBuilder().setLinear(Messages.vector(0.5, 0, 0)).build();
        assertThat(MessageCatalog.decode(sent.toByteArray(), Twist.class)).isEqualTo(sent);

        byte[] poisoned = Twist.newBuilder()
                .setAngular(Messages.vector(0, 0, Double.NaN))
                .build()
                .toByteArray();
        assertThatThrownBy(() -> MessageCatalog.decode(poisoned, Twist.class))
                .isInstanceOf(MessageCatalog.BadMessageException.class)
                .hasMessageContaining("field 'Twist.angular.z' is not a finite number");
        assertThatThrownBy(() -> MessageCatalog.decode(new byte[] {(byte) 0xff, 0x01}, Twist.class))
                .isInstanceOf(MessageCatalog.BadMessageException.class)
                .hasMessageContaining("not a gz.msgs.Twist");
    }
}
