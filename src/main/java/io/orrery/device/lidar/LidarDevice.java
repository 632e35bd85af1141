package io.orrery.device.lidar;

import com.gz.msgs.LaserScanProtos.LaserScan;
import com.gz.msgs.PointCloudPackedProtos.PointCloudPacked;
import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.Mount;
import io.orrery.noise.Noise;
import io.orrery.physics.LinkState;
import io.orrery.physics.RayHit;
import io.orrery.physics.WorldView;
import io.orrery.system.UpdateInfo;
import io.orrery.topic.Publisher;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Vec3;
import java.util.Optional;

/**
 * A {@code lidar}, {@code gpu_lidar}, {@code ray} or {@code gpu_ray} sensor, as gz-sim's CpuLidar: every ray is cast
 * against the collision shapes from {@code <range><min>} to {@code <range><max>} along its direction (horizontal
 * angle about the sensor's z axis, vertical angle up from its xy plane), and gz.msgs.LaserScan is published on
 * {@code .../scan}, row by row. A ray that meets nothing reads {@code +Infinity}, as in Gazebo. While something
 * subscribes to {@code .../scan/points}, the same rays go there as gz.msgs.PointCloudPacked in the sensor's frame, as
 * gz-sensors' lidars publish them ({@link PackedPoints}); the cloud is built only then. Settings come from
 * {@code <lidar>} (or {@code <ray>}): {@code <scan><horizontal|vertical>} {@code samples}, {@code min_angle},
 * {@code max_angle}; {@code <range>} {@code min}, {@code max}; {@code <noise>} on every range that hit, the result
 * kept within [min, max]. {@code resolution} is read past: one ray per sample.
 */
public final class LidarDevice extends Device {

    private final Publisher<LaserScan> publisher;
    private final Publisher<PointCloudPacked> points;
    private final PackedPoints packed;
    private final double[] ranges;
    private final String element;
    private final int horizontal;
    private final int vertical;
    private final double hMin;
    private final double hMax;
    private final double hStep;
    private final double vMin;
    private final double vMax;
    private final double vStep;
    private final double rangeMin;
    private final double rangeMax;
    private final Vec3[] directions;
    private final Noise noise;

    public LidarDevice(Mount mount, DeviceContext context) {
        super(mount, context);
        this.element = element("lidar").isPresent() ? "lidar" : "ray";
        this.horizontal = samples("horizontal", 640);
        this.vertical = samples("vertical", 1);
        this.hMin = number(0, element, "scan", "horizontal", "min_angle");
        this.hMax = number(0, element, "scan", "horizontal", "max_angle");
        this.vMin = number(0, element, "scan", "vertical", "min_angle");
        this.vMax = number(0, element, "scan", "vertical", "max_angle");
        this.hStep = horizontal > 1 ? (hMax - hMin) / (horizontal - 1) : 0;
        this.vStep = vertical > 1 ? (vMax - vMin) / (vertical - 1) : 0;
        this.rangeMin = number(0, element, "range", "min");
        this.rangeMax = number(0, element, "range", "max");
        if (!(rangeMax > rangeMin) || rangeMin < 0) {
            throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': <" + element
                    + "><range> needs 0 <= min < max, got min " + rangeMin + ", max " + rangeMax);
        }
        long rays = (long) horizontal * vertical;
        if (rays > Integer.MAX_VALUE - 8) { // the reader bounds rays (orrery.sdf.max-lidar-rays); a spec made in code
            throw new IllegalArgumentException("sensor '" + mount.scopedName() + "': " + horizontal + " × " + vertical
                    + " samples are more rays than one array holds");
        }
        this.directions = new Vec3[(int) rays];
        for (int v = 0; v < vertical; v++) {
            double pitch = vMin + v * vStep;
            for (int h = 0; h < horizontal; h++) {
                double yaw = hMin + h * hStep;
                directions[v * horizontal + h] =
                        new Vec3(Math.cos(pitch) * Math.cos(yaw), Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch));
            }
        }
        this.noise = noise(element(element), "range");
        this.publisher = advertise(LaserScan.class);
        this.points = advertise(topic() + "/points", PointCloudPacked.class);
        this.packed = new PackedPoints(horizontal, vertical, directions);
        this.ranges = new double[directions.length];
    }

    @Override
    public String topic() {
        return mount().topic("scan");
    }

    /** The rays' count. */
    public int rays() {
        return directions.length;
    }

    @Override
    protected void sample(UpdateInfo info, WorldView world, LinkState link) {
        io.orrery.world.Pose pose = mount().worldPose(link.pose());
        Vec3 origin = pose.position();
        LaserScan.Builder scan = LaserScan.newBuilder()
                .setHeader(header(info))
                .setFrame(mount().scopedName())
                .setWorldPose(Messages.poseBuilder(pose).setName(mount().scopedName()))
                .setAngleMin(hMin)
                .setAngleMax(hMax)
                .setAngleStep(hStep)
                .setRangeMin(rangeMin)
                .setRangeMax(rangeMax)
                .setCount(horizontal)
                .setVerticalAngleMin(vMin)
                .setVerticalAngleMax(vMax)
                .setVerticalAngleStep(vStep)
                .setVerticalCount(vertical);
        for (int i = 0; i < directions.length; i++) {
            Vec3 d = pose.rotation().rotate(directions[i]);
            Optional<RayHit> hit = world.rayCast(origin.plus(d.times(rangeMin)), origin.plus(d.times(rangeMax)));
            double range = hit.isPresent() ? rangeMin + hit.get().distance() : Double.POSITIVE_INFINITY;
            if (Double.isFinite(range) && noise.isOn()) {
                range = Math.min(rangeMax, Math.max(rangeMin, noise.apply(range)));
            }
            scan.addRanges(range).addIntensities(0);
            ranges[i] = range;
        }
        publisher.publish(scan.build());
        if (points.hasSubscribers()) {
            points.publish(packed.cloud(header(info), ranges));
        }
    }

    private int samples(String axis, int fallback) {
        double n = number(fallback, element, "scan", axis, "samples");
        if (n < 1 || n != Math.rint(n)) {
            throw new IllegalArgumentException("sensor '" + mount().scopedName() + "': <" + element + "><scan><" + axis
                    + "><samples> must be a whole number of at least 1, got " + n);
        }
        return (int) n;
    }
}
