package io.orrery.device.lidar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.LaserScanProtos.LaserScan;
import com.gz.msgs.PointCloudPackedProtos.PointCloudPacked;
import com.gz.msgs.PointCloudPackedProtos.PointCloudPacked.Field.DataType;
import io.orrery.physics.jbullet.JBulletPhysicsEngine;
import io.orrery.system.GazeboSystemRunner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The lidar's {@code /points} cloud, re-expressing two of Gazebo's tests. gz-sim's cpu_lidar_system.cc
 * (LaserScanPublished, PointCloudPublished) runs its {@code cpu_lidar.sdf} (vendored in {@code worlds/gz-sim-tests})
 * for 200 iterations and checks the scan's count and range bounds and the cloud's width, height and size.
 * gz-sensors' gpu_lidar_sensor.cc (DetectBox) puts a 320-ray lidar 0.1 m up at the origin before a unit box at x = 1
 * and checks the ranges at the ends and the middle (LASER_TOL 1e-4) and the cloud's layout field by field. Beyond
 * their checks, each cloud point must be its ray's direction times the scan's range, and lie on the face the rays can
 * see: float32 coordinates of points within 3 m are exact to 3e-7 m, well inside LASER_TOL.
 */
class LidarPointsSimulationTests {

    /** gz-sensors' gpu_lidar_sensor.cc: a range's tolerance. */
    static final double LASER_TOL = 1e-4;

    /**
     * How near a face's edge a ray may pass and go either way: Bullet casts a ray against a box as its core shape
     * grown by the collision margin (Orrery's default, 0.04 m), so its edges are rounded by that much; within it a ray
     * may miss the face or meet the rounding.
     */
    static final double EDGE = 0.04;

    static final Path CPU_LIDAR = Path.of("src/test/resources/worlds/gz-sim-tests/cpu_lidar.sdf");

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void gzSimsCpuLidarWorldPublishesScanAndCloud() throws Exception {
        cpuLidarWorld();
    }

    /** The same on JBullet, the other engine a user may choose: its rays must be as exact. */
    @Test
    void gzSimsCpuLidarWorldOnJBullet() throws Exception {
        sim.engine(new JBulletPhysicsEngine());
        cpuLidarWorld();
    }

    private void cpuLidarWorld() throws Exception {
        assertThat(Files.isRegularFile(CPU_LIDAR))
                .as("vendored gz-sim test world " + CPU_LIDAR)
                .isTrue();
        sim.startPaused(CPU_LIDAR);
        List<LaserScan> scans = sim.collect("/test/cpu_lidar", LaserScan.class);
        List<PointCloudPacked> clouds = sim.collect("/test/cpu_lidar/points", PointCloudPacked.class);

        sim.step(200); // kPointCloudIterations; 10 Hz at 1 ms: two scans

        assertThat(scans).isNotEmpty();
        LaserScan scan = scans.get(scans.size() - 1);
        assertThat(scan.getCount()).isEqualTo(640);
        assertThat(scan.getRangeMin()).isEqualTo(0.08);
        assertThat(scan.getRangeMax()).isEqualTo(10.0);
        assertThat(scan.getRangesList().stream().filter(Double::isFinite))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r).isStrictlyBetween(0.08, 10.0));

        assertThat(clouds).hasSameSizeAs(scans);
        PointCloudPacked cloud = clouds.get(clouds.size() - 1);
        assertThat(cloud.getWidth()).isEqualTo(640);
        assertThat(cloud.getHeight()).isEqualTo(1);
        assertThat(cloud.getData().size()).isPositive();
        assertThat(cloud.getPointStep()).isPositive();

        // The sensor is at (0.05, 0.05, 0.55); the box's near face is the plane x = 1.5 for |y| <= 0.5. From inside
        // that strip the rays, level, can see only that face: 1.45 m ahead, y from -0.55 to 0.45 in the sensor frame.
        float[][] points = points(cloud);
        int hits = 0;
        for (int i = 0; i < 640; i++) {
            double angle = scan.getAngleMin() + i * scan.getAngleStep();
            double y = 1.45 * Math.tan(angle);
            boolean seesFace = y > -0.55 + EDGE && y < 0.45 - EDGE;
            boolean onEdge = !seesFace && y > -0.55 - EDGE && y < 0.45 + EDGE;
            if (onEdge) {
                continue; // a ray grazing the face's edge may go either way
            }
            assertThat(Double.isFinite(scan.getRanges(i))).as("ray %d", i).isEqualTo(seesFace);
            assertThat(Float.isFinite(points[i][0])).as("point %d", i).isEqualTo(seesFace);
            if (seesFace) {
                hits++;
                assertThat((double) points[i][0]).as("x of point %d", i).isCloseTo(1.45, within(LASER_TOL));
                assertThat((double) points[i][1]).as("y of point %d", i).isCloseTo(y, within(LASER_TOL));
                assertThat((double) points[i][2]).as("z of point %d", i).isCloseTo(0.0, within(LASER_TOL));
            }
            assertThat(points[i][4]).as("ring of point %d", i).isZero();
        }
        assertThat(hits).isPositive();
        assertThat(cloud.getIsDense()).isFalse();
    }

    @Test
    void gzSensorsDetectBoxLayout() throws Exception {
        int horzSamples = 320;
        double horzMinAngle = -Math.PI / 2;
        double horzMaxAngle = Math.PI / 2;
        double rangeMin = 0.08;
        double rangeMax = 10.0;
        Path world =
                sim.write("detect_box.sdf", """
                <sdf version="1.9"><world name="detect_box">
                  <model name="box"><static>true</static><pose>1 0 0.5 0 0 0</pose>
                    <link name="link"><collision name="c"><geometry><box><size>1 1 1</size></box></geometry>
                    </collision></link></model>
                  <model name="sensor"><static>true</static><pose>0 0 0.1 0 0 0</pose>
                    <link name="parent_link"><sensor name="TestGpuLidar" type="gpu_lidar">
                      <topic>/gz/sensors/test/lidar</topic><update_rate>30</update_rate><always_on>1</always_on>
                      <lidar><scan>
                        <horizontal><samples>%d</samples><resolution>1</resolution>
                          <min_angle>%s</min_angle><max_angle>%s</max_angle></horizontal>
                        <vertical><samples>1</samples><resolution>1</resolution>
                          <min_angle>0</min_angle><max_angle>0</max_angle></vertical></scan>
                        <range><min>%s</min><max>%s</max><resolution>0.01</resolution></range>
                      </lidar></sensor></link></model>
                </world></sdf>
                """.formatted(horzSamples, horzMinAngle, horzMaxAngle, rangeMin, rangeMax));
        sim.startPaused(world);
        List<PointCloudPacked> clouds = sim.collect("/gz/sensors/test/lidar/points", PointCloudPacked.class);
        sim.step(1);

        LaserScan scan = sim.latest("/gz/sensors/test/lidar", LaserScan.class);
        int mid = horzSamples / 2;
        int last = horzSamples - 1;
        double expectedRangeAtMidPointBox1 = 1.0 - 1.0 / 2;
        assertThat(scan.getRanges(0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(scan.getRanges(mid)).isCloseTo(expectedRangeAtMidPointBox1, within(LASER_TOL));
        assertThat(scan.getRanges(last)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(scan.getAngleMin()).isCloseTo(horzMinAngle, within(1e-4));
        assertThat(scan.getAngleMax()).isCloseTo(horzMaxAngle, within(1e-4));
        assertThat(scan.getCount()).isEqualTo(horzSamples);
        assertThat(scan.getAngleStep()).isCloseTo((horzMaxAngle - horzMinAngle) / horzSamples, within(1e-4));
        assertThat(scan.getVerticalCount()).isEqualTo(1);
        assertThat(scan.getRangeMin()).isCloseTo(rangeMin, within(1e-4));
        assertThat(scan.getRangeMax()).isCloseTo(rangeMax, within(1e-4));

        assertThat(clouds).hasSize(1);
        PointCloudPacked cloud = clouds.get(0);
        assertThat(cloud.getFieldList())
                .extracting(PointCloudPacked.Field::getName)
                .containsExactly("x", "y", "z", "intensity", "ring");
        assertThat(cloud.getFieldList())
                .extracting(PointCloudPacked.Field::getDatatype)
                .containsExactly(
                        DataType.FLOAT32, DataType.FLOAT32, DataType.FLOAT32, DataType.FLOAT32, DataType.UINT16);
        assertThat(cloud.getHeight()).isEqualTo(1);
        assertThat(cloud.getWidth()).isEqualTo(horzSamples);
        assertThat(cloud.getIsBigendian()).isFalse();
        assertThat(cloud.getPointStep()).isEqualTo(18);
        assertThat(cloud.getRowStep()).isEqualTo(18 * horzSamples);
        assertThat(cloud.getIsDense()).isFalse();
        assertThat(cloud.getData().size()).isEqualTo(18 * horzSamples);
        assertThat(cloud.getHeader().getData(0).getKey()).isEqualTo("frame_id");
        assertThat(cloud.getHeader().getData(0).getValueList()).containsExactly(scan.getFrame());
        assertThat(cloud.getHeader().getStamp()).isEqualTo(scan.getHeader().getStamp());

        float[][] points = points(cloud);
        for (int i = 0; i < horzSamples; i++) {
            double angle = scan.getAngleMin() + i * scan.getAngleStep();
            double range = scan.getRanges(i);
            assertThat((double) points[i][0]).as("x %d", i).isEqualTo((double) (float) (Math.cos(angle) * range));
            assertThat((double) points[i][1]).as("y %d", i).isEqualTo((double) (float) (Math.sin(angle) * range));
        }
        assertThat((double) points[mid][0]).isCloseTo(expectedRangeAtMidPointBox1, within(LASER_TOL));
    }

    @Test
    void noCloudIsBuiltForNobody() throws Exception {
        sim.startPaused(CPU_LIDAR);
        sim.step(200);
        assertThat(sim.hasMessage("/test/cpu_lidar")).isTrue();
        assertThat(sim.hasMessage("/test/cpu_lidar/points")).isFalse();
    }

    /** Each point's x, y, z, intensity and ring, read through the fields' offsets. */
    private static float[][] points(PointCloudPacked cloud) {
        ByteBuffer data = cloud.getData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        int n = cloud.getWidth() * cloud.getHeight();
        float[][] points = new float[n][5];
        for (int i = 0; i < n; i++) {
            int base = i * cloud.getPointStep();
            for (int f = 0; f < 4; f++) {
                points[i][f] = data.getFloat(base + cloud.getField(f).getOffset());
            }
            points[i][4] =
                    Short.toUnsignedInt(data.getShort(base + cloud.getField(4).getOffset()));
        }
        return points;
    }
}
