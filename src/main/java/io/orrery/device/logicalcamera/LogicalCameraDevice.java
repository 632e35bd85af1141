package io.orrery.device.logicalcamera;

import com.gz.msgs.LogicalCameraImageProtos.LogicalCameraImage;
import com.gz.msgs.LogicalCameraSensorProtos.LogicalCameraSensor;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.physics.LinkState;
import io.orrery.physics.ModelState;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Vec3;

/**
 * A {@code logical_camera} sensor, as gz-sim's LogicalCamera system with gz-sensors' LogicalCameraSensor: no pixels,
 * only which models' origins lie inside the camera's frustum and where, in the sensor's frame. The frustum looks
 * along the sensor's x axis from {@code <near>} to {@code <far>}, {@code <horizontal_fov>} wide and as high as
 * {@code <aspect_ratio>} (width over height) makes it; SDF's defaults fill what a world leaves out. Publishes
 * gz.msgs.LogicalCameraImage (the sensor's world pose, each model seen by name and pose) on {@code .../logical_camera}
 * and its frustum as gz.msgs.LogicalCameraSensor on {@code <topic>/frustum}. Gazebo lists nested models too; Orrery
 * lists the world's models.
 */
public final class LogicalCameraDevice extends Device {

    private final Publisher<LogicalCameraImage> images;
    private final Publisher<LogicalCameraSensor> frustums;
    private final double near;
    private final double far;
    private final double horizontalFov;
    private final double aspectRatio;
    private final double tanHalfWidth;
    private final double tanHalfHeight;

    public LogicalCameraDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        // SDF 1.9's defaults for <logical_camera>
        this.near = number(0.05, "logical_camera", "near");
        this.far = number(1.0, "logical_camera", "far");
        this.horizontalFov = number(1.04719755, "logical_camera", "horizontal_fov");
        this.aspectRatio = number(1.778, "logical_camera", "aspect_ratio");
        String where = "sensor '" + mount.scopedName() + "': <logical_camera>";
        if (!(near >= 0 && far > near && Double.isFinite(far))) {
            throw new IllegalArgumentException(where + " needs 0 <= near < far, got near " + near + ", far " + far);
        }
        if (!(horizontalFov > 0 && horizontalFov < Math.PI)) {
            throw new IllegalArgumentException(
                    where + "<horizontal_fov> must be above 0 and below pi, got " + horizontalFov);
        }
        if (!(aspectRatio > 0 && Double.isFinite(aspectRatio))) {
            throw new IllegalArgumentException(where + "<aspect_ratio> must be above 0, got " + aspectRatio);
        }
        this.tanHalfWidth = Math.tan(horizontalFov / 2);
        this.tanHalfHeight = tanHalfWidth / aspectRatio;
        this.images = advertise(LogicalCameraImage.class);
        this.frustums = advertise(topic() + "/frustum", LogicalCameraSensor.class);
    }

    @Override
    public String topic() {
        return mount().topic("logical_camera");
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        Pose sensor = mount().worldPose(link.pose());
        Pose toSensor = sensor.inverse();
        LogicalCameraImage.Builder image =
                LogicalCameraImage.newBuilder().setHeader(header(info)).setPose(Messages.pose(sensor));
        for (ModelState model : world.models()) {
            Pose seen = toSensor.compose(model.pose());
            if (contains(seen.position())) {
                image.addModelBuilder().setName(model.name()).setPose(Messages.pose(seen));
            }
        }
        images.publish(image.build());
        frustums.publish(LogicalCameraSensor.newBuilder()
                .setHeader(header(info))
                .setNearClip(near)
                .setFarClip(far)
                .setHorizontalFov(horizontalFov)
                .setAspectRatio(aspectRatio)
                .build());
    }

    /** True when {@code p}, in the sensor's frame, is inside the frustum (its faces included). */
    private boolean contains(Vec3 p) {
        return p.x() >= near
                && p.x() <= far
                && Math.abs(p.y()) <= p.x() * tanHalfWidth
                && Math.abs(p.z()) <= p.x() * tanHalfHeight;
    }
}
