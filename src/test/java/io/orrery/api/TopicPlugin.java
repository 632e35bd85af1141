package io.orrery.api;

import io.orrery.physics.PhysicsWorld;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.system.PreUpdate;
import io.orrery.system.Reset;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.TopicBus;
import io.orrery.topic.msgs.Altimeter;
import io.orrery.topic.msgs.Header;
import io.orrery.topic.msgs.Odometry;
import io.orrery.topic.msgs.Pose;
import io.orrery.topic.msgs.Quaternion;
import io.orrery.topic.msgs.Twist;
import io.orrery.topic.msgs.Vector3d;

/**
 * A test plugin on the topic bus: relays {@code /test/cmd_vel} (gz.msgs.Twist) to {@code /test/odometry}
 * (gz.msgs.Odometry) and {@code /test/altimeter} to {@code /test/height} (gz.msgs.Double), stamped with sim time,
 * and publishes the sim time on {@code /test/clock} (gz.msgs.Double) every step, as a device would.
 */
@OrreryPlugin(filename = "orrery-test-topics")
class TopicPlugin implements Plugin, PreUpdate, Reset {

    private Publisher<io.orrery.topic.msgs.Double> clock;
    private long simTimeNanos; // runner thread

    @Override
    public void awake(PluginContext context) {
    }

    @Override
    public void start(PluginContext context) {
        TopicBus bus = context.topics();
        String me = context.qualifiedName();
        Publisher<Odometry> odometry = bus.advertise("/test/odometry", Odometry.class, me);
        Publisher<io.orrery.topic.msgs.Double> height = bus.advertise("/test/height",
                io.orrery.topic.msgs.Double.class, me);
        clock = bus.advertise("/test/clock", io.orrery.topic.msgs.Double.class, me);
        bus.subscribe("/test/cmd_vel", Twist.class, me, twist -> odometry.publish(new Odometry(
                Header.at(simTimeNanos), Pose.of(Vector3d.ZERO, Quaternion.IDENTITY), twist)));
        bus.subscribe("/test/altimeter", Altimeter.class, me, a -> height.publish(
                new io.orrery.topic.msgs.Double(Header.at(simTimeNanos), a.verticalPosition())));
    }

    @Override
    public void preUpdate(UpdateInfo info, PhysicsWorld world) {
        simTimeNanos = info.simTimeNanos();
        if (!info.paused() && clock != null) {
            clock.publish(new io.orrery.topic.msgs.Double(Header.at(simTimeNanos), info.simTimeSeconds()));
        }
    }

    @Override
    public void reset(UpdateInfo info, PhysicsWorld world) {
        simTimeNanos = info.simTimeNanos();
    }
}
