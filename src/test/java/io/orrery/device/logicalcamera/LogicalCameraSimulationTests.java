package io.orrery.device.logicalcamera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.gz.msgs.LogicalCameraImageProtos.LogicalCameraImage;
import com.gz.msgs.LogicalCameraSensorProtos.LogicalCameraSensor;
import io.orrery.system.GazeboSystemRunner;
import io.orrery.topic.msgs.Messages;
import io.orrery.world.Pose;
import io.orrery.world.Quat;
import io.orrery.world.Vec3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The logical camera over gz-sim's {@code logical_camera_sensor.sdf} (vendored in {@code worlds/gz-sim-tests}), with
 * gz-sim's logical_camera_system.cc: after 100 iterations both cameras have published on their default topics, each
 * at its own pose, and each sees one model, the box, at the sensor's inverse pose times the box's. gz-math compares
 * poses to 1e-6 (Vector3's tolerance); the sensors are static, so their poses are exact. Gazebo's test takes the box
 * at its loaded pose, (1, 0, 0.5): its first sample comes before the box has moved. Orrery samples after the first
 * step, when the box, loaded 5 cm into the ground box, has moved by the step's contact push; the expected camera-frame
 * pose is therefore the box's pose at that step, to the same 1e-6, and the box's pose is held to its loaded one to
 * the distance one 1 ms step can move it (checked below).
 */
class LogicalCameraSimulationTests {

    static final Path WORLD = Path.of("src/test/resources/worlds/gz-sim-tests/logical_camera_sensor.sdf");
    static final String TOPIC1 = "/world/logical_camera_sensor/model/logical_camera-1/link/logical_camera_link"
            + "/sensor/logical_camera-1/logical_camera";
    static final String TOPIC2 = "/world/logical_camera_sensor/model/logical_camera-2/link/logical_camera_link"
            + "/sensor/logical_camera-2/logical_camera";

    /** gz-math's Vector3 equality. */
    static final double POSE_TOL = 1e-6;

    @RegisterExtension
    final GazeboSystemRunner sim = new GazeboSystemRunner();

    @Test
    void bothCamerasSeeTheBoxWhereItIs() throws Exception {
        assertThat(Files.isRegularFile(WORLD))
                .as("vendored gz-sim test world " + WORLD)
                .isTrue();
        sim.startPaused(WORLD);
        List<LogicalCameraImage> images1 = sim.collect(TOPIC1, LogicalCameraImage.class);
        List<LogicalCameraImage> images2 = sim.collect(TOPIC2, LogicalCameraImage.class);
        List<Pose> boxAtSamples = new java.util.ArrayList<>();
        sim.step(1);
        boxAtSamples.add(sim.model("box").pose());
        sim.step(99);

        // 10 Hz: the first sample after step 1, the next at 0.1 s; each is checked against the box at step 1
        assertThat(images1).isNotEmpty();
        assertThat(images2).isNotEmpty();
        Pose box = boxAtSamples.get(0);
        check(images1.get(0), new Pose(new Vec3(0.05, 0.05, 0.55), Quat.IDENTITY), box);
        check(images2.get(0), new Pose(new Vec3(0.05, -0.45, 0.55), Quat.IDENTITY), box);

        LogicalCameraSensor frustum = sim.latest(TOPIC1 + "/frustum", LogicalCameraSensor.class);
        assertThat(frustum.getNearClip()).isEqualTo(0.55);
        assertThat(frustum.getFarClip()).isEqualTo(5.0);
        assertThat(frustum.getHorizontalFov()).isEqualTo(1.04719755);
        assertThat(frustum.getAspectRatio()).isEqualTo(1.778);
    }

    private static void check(LogicalCameraImage image, Pose sensor, Pose box) {
        assertPose(Messages.toPose(image.getPose()), sensor);
        assertThat(image.getModelList()).hasSize(1);
        assertThat(image.getModel(0).getName()).isEqualTo("box");
        assertPose(
                Messages.toPose(image.getModel(0).getPose()), sensor.inverse().compose(box));
        // one step of 1 ms: free fall moves the box g dt² / 2 = 4.9e-6 m, and the ground's contact push out of the
        // 5 cm overlap at most the overlap itself
        assertThat(box.position().minus(new Vec3(1, 0, 0.5)).length()).isLessThan(0.05);
    }

    private static void assertPose(Pose actual, Pose expected) {
        assertThat(actual.position().minus(expected.position()).length()).isLessThan(POSE_TOL);
        Quat a = actual.rotation();
        Quat e = expected.rotation();
        double dot = a.w() * e.w() + a.x() * e.x() + a.y() * e.y() + a.z() * e.z();
        assertThat(Math.abs(dot)).isCloseTo(1.0, within(POSE_TOL)); // q and -q are one rotation
    }

    /**
     * The frustum's faces, Orrery's own check: a camera at the origin with the test world's frustum (near 0.55, far
     * 5, horizontal_fov 1.04719755, aspect_ratio 1.778: half-width tan(fov / 2) and half-height that over the ratio,
     * per metre ahead) and markers 1 cm either side of each face; only those inside are seen.
     */
    @Test
    void theFrustumsFacesFollowFovAndAspectRatio() throws Exception {
        double w = 2 * Math.tan(1.04719755 / 2);
        double h = w / 1.778;
        StringBuilder markers = new StringBuilder();
        String[][] at = {
            {"in_near", "0.56 0 0"},
            {"out_near", "0.54 0 0"},
            {"in_far", "4.99 0 0"},
            {"out_far", "5.01 0 0"},
            {"in_left", "2 " + (w - 0.01) + " 0"},
            {"out_left", "2 " + (w + 0.01) + " 0"},
            {"in_right", "2 " + -(w - 0.01) + " 0"},
            {"out_right", "2 " + -(w + 0.01) + " 0"},
            {"in_top", "2 0 " + (h - 0.01)},
            {"out_top", "2 0 " + (h + 0.01)},
            {"in_bottom", "2 0 " + -(h - 0.01)},
            {"out_bottom", "2 0 " + -(h + 0.01)},
            {"out_behind", "-2 0 0"}
        };
        for (String[] m : at) {
            markers.append("<model name=\"")
                    .append(m[0])
                    .append("\"><static>true</static><pose>")
                    .append(m[1])
                    .append(" 0 0 0</pose><link name=\"l\"/></model>");
        }
        Path world = sim.write("frustum.sdf", """
                <sdf version="1.9"><world name="frustum">%s
                  <model name="camera"><static>true</static><pose>0 0 -1 0 0 0</pose><link name="l">
                    <sensor name="c" type="logical_camera"><pose>0 0 1 0 0 0</pose><topic>/lc</topic>
                      <logical_camera><near>0.55</near><far>5</far><horizontal_fov>1.04719755</horizontal_fov>
                        <aspect_ratio>1.778</aspect_ratio></logical_camera></sensor></link></model>
                </world></sdf>
                """.formatted(markers));
        sim.startPaused(world);
        sim.step(1);
        LogicalCameraImage image = sim.latest("/lc", LogicalCameraImage.class);
        assertThat(image.getModelList())
                .extracting(LogicalCameraImage.Model::getName)
                .containsExactlyInAnyOrder("in_near", "in_far", "in_left", "in_right", "in_top", "in_bottom");
    }
}
