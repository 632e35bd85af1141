package io.orrery.transport.gz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.gz.msgs.ModelProtos;
import io.orrery.topic.msgs.Axis;
import io.orrery.topic.msgs.Header;
import io.orrery.topic.msgs.Joint;
import io.orrery.topic.msgs.Model;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A joint state goes out as gz-msgs' own bytes: a joint of two axes fills gz.msgs.Joint's axis1 and axis2, one of one
 * axis leaves axis2 unset, as gz-sim's JointStatePublisher does; and the bytes read back as the same record.
 */
class JointStateWireTests {

    final MessageCatalog catalog = new MessageCatalog(MessageCatalog.GZ, new ObjectMapper());

    @Test
    void aSecondAxisIsGzMsgsJointAxis2() throws Exception {
        Model model = new Model(Header.at(5_000_000), "gimbal", 0, List.of(
                new Joint("cross", 0, new Axis(0.25, -1.5, 0.125), new Axis(-0.75, 2.5, -0.0625)),
                new Joint("hinge", 0, new Axis(1, 2, 3))), null);
        byte[] bytes = catalog.encode(model);

        ModelProtos.Model wire = ModelProtos.Model.parseFrom(bytes);
        assertThat(wire.getJoint(0).getAxis1().getPosition()).isEqualTo(0.25);
        assertThat(wire.getJoint(0).getAxis2().getPosition()).isEqualTo(-0.75);
        assertThat(wire.getJoint(0).getAxis2().getVelocity()).isEqualTo(2.5);
        assertThat(wire.getJoint(0).getAxis2().getForce()).isEqualTo(-0.0625);
        assertThat(wire.getJoint(1).hasAxis2()).isFalse();

        Model back = catalog.decode(bytes, Model.class);
        assertThat(back.joint().get(0).axis2()).isEqualTo(new Axis(-0.75, 2.5, -0.0625));
        assertThat(back.joint().get(1).axis2()).isNull();
    }
}
