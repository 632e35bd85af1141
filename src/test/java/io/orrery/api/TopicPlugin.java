package io.orrery.api;

import com.gz.msgs.AltimeterProtos.Altimeter;
import com.gz.msgs.DoubleProtos;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.TwistProtos.Twist;
import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.Messages;

/**
 * A test plugin on the topic bus: relays {@code /test/cmd_vel} (gz.msgs.Twist) to {@code /test/odometry}
 * (gz.msgs.Odometry) and {@code /test/altimeter} to {@code /test/height} (gz.msgs.Double), stamped with sim time,
 * and publishes the sim time on {@code /test/clock} (gz.msgs.Double) every step, as a device would.
 */
@OrreryPlugin(filename = "orrery-test-topics")
class TopicPlugin implements Plugin, PreUpdate, Reset {

    private Publisher<DoubleProtos.Double> clock;
    private long simTimeNanos; // runner thread

    @Override
    public void awake(PluginContext context) {}

    @Override
    public void start(PluginContext context) {
        TopicBus bus = context.topics();
        String me = context.qualifiedName();
        Publisher<Odometry> odometry = bus.advertise("/test/odometry", Odometry.class, me);
        Publisher<DoubleProtos.Double> height = bus.advertise("/test/height", DoubleProtos.Double.class, me);
        clock = bus.advertise("/test/clock", DoubleProtos.Double.class, me);
        bus.subscribe(
                "/test/cmd_vel",
                Twist.class,
                me,
                twist -> odometry.publish(Odometry.newBuilder()
                        .setHeader(Messages.header(simTimeNanos))
                        .setPose(Pose.newBuilder()
                                .setPosition(Messages.vector(0, 0, 0))
                                .setOrientation(Messages.IDENTITY))
                        .setTwist(twist)
                        .build()));
        bus.subscribe(
                "/test/altimeter",
                Altimeter.class,
                me,
                a -> height.publish(DoubleProtos.Double.newBuilder()
                        .setHeader(Messages.header(simTimeNanos))
                        .setData(a.getVerticalPosition())
                        .build()));
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        simTimeNanos = info.simTimeNanos();
        if (!info.paused() && clock != null) {
            clock.publish(DoubleProtos.Double.newBuilder()
                    .setHeader(Messages.header(simTimeNanos))
                    .setData(info.simTimeSeconds())
                    .build());
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        simTimeNanos = info.simTimeNanos();
    }
}
