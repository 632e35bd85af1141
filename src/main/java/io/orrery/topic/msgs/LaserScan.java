package io.orrery.topic.msgs;

import java.util.List;

/**
 * gz.msgs.LaserScan: one scan of a lidar; a ray that hits nothing reads {@code +Infinity}, as in Gazebo.
 *
 * @param header stamp and data
 * @param frame the sensor's frame
 * @param worldPose the sensor's pose in the world
 * @param angleMin first horizontal angle, rad
 * @param angleMax last horizontal angle, rad
 * @param angleStep between horizontal rays, rad
 * @param rangeMin m
 * @param rangeMax m
 * @param count horizontal rays
 * @param verticalAngleMin first vertical angle, rad
 * @param verticalAngleMax last vertical angle, rad
 * @param verticalAngleStep between vertical rays, rad
 * @param verticalCount vertical rays
 * @param ranges m, row by row
 * @param intensities one per range
 */
public record LaserScan(Header header, String frame, Pose worldPose, double angleMin, double angleMax,
        double angleStep, double rangeMin, double rangeMax, long count, double verticalAngleMin,
        double verticalAngleMax, double verticalAngleStep, long verticalCount, List<java.lang.Double> ranges,
        List<java.lang.Double> intensities) {

    public LaserScan {
        header = Messages.orNone(header);
        frame = frame == null ? "" : frame;
        worldPose = worldPose == null ? Pose.of(Vector3d.ZERO, Quaternion.IDENTITY) : worldPose;
        ranges = Messages.copy(ranges);
        intensities = Messages.copy(intensities);
    }
}
