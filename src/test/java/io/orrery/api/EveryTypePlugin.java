package io.orrery.api;

import com.google.protobuf.Message;
import com.gz.msgs.AltimeterProtos.Altimeter;
import com.gz.msgs.BoolProtos;
import com.gz.msgs.ClockProtos.Clock;
import com.gz.msgs.ContactsProtos.Contacts;
import com.gz.msgs.DoubleProtos;
import com.gz.msgs.HeaderProtos.Header;
import com.gz.msgs.IMUProtos.IMU;
import com.gz.msgs.LaserScanProtos.LaserScan;
import com.gz.msgs.MagnetometerProtos.Magnetometer;
import com.gz.msgs.ModelProtos.Model;
import com.gz.msgs.OdometryProtos.Odometry;
import com.gz.msgs.PoseProtos.Pose;
import com.gz.msgs.PoseVProtos.Pose_V;
import com.gz.msgs.QuaternionProtos.Quaternion;
import com.gz.msgs.TimeProtos.Time;
import com.gz.msgs.TwistProtos.Twist;
import com.gz.msgs.Vector3dProtos.Vector3d;
import com.gz.msgs.WorldStatsProtos.WorldStatistics;
import com.gz.msgs.WrenchProtos.Wrench;
import io.orrery.plugin.OrreryPlugin;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginContext;
import io.orrery.topic.msgs.MessageTypes;
import java.util.List;

/**
 * A test plugin that subscribes to {@code /fuzz/<Type>} for every gz.msgs type Orrery's systems and devices publish or
 * take, and their parts (such as {@code /fuzz/Twist}), so that a message of each type can be posted over HTTP; it
 * keeps nothing.
 */
@OrreryPlugin(filename = "orrery-test-every-type")
class EveryTypePlugin implements Plugin {

    /** The types, in the order the fuzz inputs' first byte picks them (the order of the records they replaced). */
    static final List<Class<? extends Message>> TYPES = List.of(
            Altimeter.class,
            BoolProtos.Boolean.class,
            Clock.class,
            Contacts.class,
            DoubleProtos.Double.class,
            Header.class,
            IMU.class,
            LaserScan.class,
            Magnetometer.class,
            Model.class,
            Odometry.class,
            Pose.class,
            Pose_V.class,
            Quaternion.class,
            Time.class,
            Twist.class,
            Vector3d.class,
            WorldStatistics.class,
            Wrench.class);

    /** The topic a message of {@code type} is posted to. */
    static String topicOf(Class<? extends Message> type) {
        return "/fuzz/" + MessageTypes.nameOf(type).substring("gz.msgs.".length());
    }

    @Override
    public void awake(PluginContext context) {}

    @Override
    public void start(PluginContext context) {
        for (Class<? extends Message> type : TYPES) {
            context.topics().subscribe(topicOf(type), type, context.qualifiedName(), message -> {});
        }
    }
}
