package io.orrery.device.imu;

import com.gz.msgs.IMUProtos.IMU;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * An {@code imu} sensor, as gz-sensors' ImuSensor: publishes gz.msgs.IMU on {@code .../imu}. The linear acceleration
 * is the proper acceleration in the sensor frame, the acceleration minus gravity, so an IMU at rest reads +9.8 m/s²
 * upward and one in free fall about 0. The acceleration is the change of the sensor point's velocity over the last
 * step (the physics gives velocities, not accelerations). Orientation is the sensor's in the world frame (ENU);
 * angular velocity is in the sensor frame. Noise: {@code <imu><angular_velocity|linear_acceleration><x|y|z><noise>}.
 */
public final class ImuDevice extends Device {

    private final Publisher<IMU> publisher;
    private final Vec3 gravity;
    private final Noise[] angular = new Noise[3];
    private final Noise[] linear = new Noise[3];
    private Vec3 previousVelocity;
    private Vec3 acceleration = Vec3.ZERO;

    public ImuDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.gravity = context.world().gravity();
        String[] axes = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            angular[i] = noise(element("imu", "angular_velocity", axes[i]), "angular_velocity/" + axes[i]);
            linear[i] = noise(element("imu", "linear_acceleration", axes[i]), "linear_acceleration/" + axes[i]);
        }
        this.publisher = advertise(IMU.class);
    }

    @Override
    public String topic() {
        return mount().topic("imu");
    }

    @Override
    protected void observe(UpdateInfo info, WorldView world, LinkState link) {
        Vec3 velocity = pointVelocity(link, mount().worldPose(link.pose()).position());
        if (previousVelocity != null && info.dtNanos() > 0) {
            acceleration = velocity.minus(previousVelocity).times(1e9 / info.dtNanos());
        }
        previousVelocity = velocity;
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Pose pose = mount().worldPose(link.pose());
        Quat toSensor = pose.rotation().conjugate();
        Vec3 specific = toSensor.rotate(acceleration.minus(gravity));
        Vec3 rate = toSensor.rotate(link.velocity().angular());
        publisher.publish(IMU.newBuilder()
                .setHeader(header(info))
                .setEntityName(mount().scopedName())
                .setOrientation(Messages.quaternion(pose.rotation()))
                .setAngularVelocity(Messages.vector(apply(angular, rate)))
                .setLinearAcceleration(Messages.vector(apply(linear, specific)))
                .build());
    }

    @Override
    protected void restart(WorldView world, Optional<LinkState> link) {
        previousVelocity = link.map(
                        l -> pointVelocity(l, mount().worldPose(l.pose()).position()))
                .orElse(null);
        acceleration = Vec3.ZERO;
    }

    private static Vec3 apply(Noise[] noise, Vec3 v) {
        return new Vec3(noise[0].apply(v.x()), noise[1].apply(v.y()), noise[2].apply(v.z()));
    }
}
