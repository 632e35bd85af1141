package io.orrery.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.orrery.device.Device;
import io.orrery.device.DeviceContext;
import io.orrery.device.DeviceDescriptor;
import io.orrery.device.Mount;
import io.orrery.ops.PhysicsEngines;
import io.orrery.plugin.PluginFactory;
import io.orrery.plugin.PluginRegistry;
import io.orrery.system.Priorities;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.WorldSystem;
import io.orrery.world.PluginSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The lists Orrery used to keep by hand, now derived from the descriptors in each folder: the same plugin filenames,
 * the same Gazebo systems accepted silently, the same systems for every world, sensor types and engine names.
 */
class ExtensionsTests {

    private static final Extensions FOUND = Extensions.discovered();

    /** Gazebo's systems Orrery ports, by short name and class name, as registered before the descriptors. */
    private static final List<List<String>> PORTED = List.of(
            List.of("diff-drive", "DiffDrive"),
            List.of("velocity-control", "VelocityControl"),
            List.of("odometry-publisher", "OdometryPublisher"),
            List.of("pose-publisher", "PosePublisher"),
            List.of("joint-controller", "JointController"),
            List.of("joint-position-controller", "JointPositionController"),
            List.of("apply-joint-force", "ApplyJointForce"),
            List.of("joint-state-publisher", "JointStatePublisher"),
            List.of("touchplugin", "TouchPlugin"),
            List.of("ackermann-steering", "AckermannSteering"),
            List.of("apply-link-wrench", "ApplyLinkWrench"),
            List.of("lift-drag", "LiftDrag"),
            List.of("kinetic-energy-monitor", "KineticEnergyMonitor"),
            List.of("triggered-publisher", "TriggeredPublisher"),
            List.of("buoyancy", "Buoyancy"),
            List.of("hydrodynamics", "Hydrodynamics"),
            List.of("thruster", "Thruster"),
            List.of("wind-effects", "WindEffects"),
            List.of("linearbatteryplugin", "LinearBatteryPlugin"),
            List.of("multicopter-motor-model", "MulticopterMotorModel"),
            List.of("multicopter-control", "MulticopterVelocityControl"),
            List.of("detachable-joint", "DetachableJoint"),
            List.of("joint-trajectory-controller", "JointTrajectoryController"),
            List.of("performer-detector", "PerformerDetector"),
            List.of("buoyancy-engine", "BuoyancyEngine"),
            List.of("comms-endpoint", "CommsEndpoint"),
            List.of("perfect-comms", "PerfectComms"),
            List.of("rf-comms", "RFComms"),
            List.of("acoustic-comms", "AcousticComms"),
            List.of("log-record", "LogRecord"),
            List.of("environment-preload", "EnvironmentPreload"),
            List.of("environmental-sensor", "EnvironmentalSystem"),
            List.of("collada-world-exporter", "ColladaWorldExporter"),
            List.of("trajectory-follower", "TrajectoryFollower"),
            List.of("logicalaudiosensorplugin", "LogicalAudioSensorPlugin"),
            List.of("wheel-slip", "WheelSlip"),
            List.of("mecanum-drive", "MecanumDrive"));

    @Test
    void everyPortedSystemAndOrrerysOwnPluginsAreRegisteredUnderTheirNames() {
        PluginRegistry registry = FOUND.plugins();
        for (List<String> system : PORTED) {
            assertThat(registry.lookup("libgz-sim8-" + system.get(0) + "-system.so", ""))
                    .as(system.get(0))
                    .isPresent();
            assertThat(registry.lookup("unknown.so", "ignition::gazebo::systems::" + system.get(1)))
                    .as(system.get(1))
                    .isPresent();
        }
        assertThat(registry.lookup("orrery-pose-publisher")).isPresent();
        assertThat(registry.lookup("orrery-lifecycle-bridge")).isPresent();
        // two filenames for each ported system, one for each of Orrery's plugins: nothing more, nothing less
        assertThat(registry.filenames()).hasSize(2 * PORTED.size() + 2);
    }

    @Test
    void theSystemsWhoseWorkOrreryDoesAnywayAreAcceptedSilently() {
        PluginRegistry registry = FOUND.plugins();
        List<String> accepted = List.of(
                "physics",
                "user-commands",
                "scene-broadcaster",
                "imu",
                "contact",
                "sensors",
                "altimeter",
                "magnetometer",
                "cpu-lidar",
                "label",
                "thermal",
                "thermal-sensor");
        for (String name : accepted) {
            assertThat(registry.isAcceptedSilently("libignition-gazebo6-" + name + "-system.so", ""))
                    .as(name)
                    .isTrue();
        }
        // gz-sim's own configuration in a world, by its name whatever the filename: the world reader reads it
        assertThat(registry.isAcceptedSilently("dummy", "gz::sim")).isTrue();
        assertThat(registry.isAcceptedSilently("dummy", "ignition::gazebo")).isTrue();
        assertThat(registry.isAcceptedSilently("dummy", "gz::sim::systems::Dummy"))
                .isFalse();
        assertThat(registry.isAcceptedSilently("gz-sim-buoyancy-system", "")).isFalse();
        assertThat(registry.isAcceptedSilently("gz-sim-diff-drive-system", "")).isFalse();
    }

    @Test
    void thePhysicsStepThenTheSceneBroadcasterAreAddedToEveryWorld() {
        assertThat(FOUND.worldSystems())
                .extracting(WorldSystem::name, WorldSystem::core)
                .containsExactly(tuple("physics", true), tuple("scene-broadcaster", false));
    }

    @Test
    void theSensorTypesAreTheDeviceKinds() {
        assertThat(FOUND.sensorTypes())
                .containsExactlyInAnyOrder(
                        "imu",
                        "contact",
                        "lidar",
                        "gpu_lidar",
                        "ray",
                        "gpu_ray",
                        "altimeter",
                        "magnetometer",
                        "camera",
                        "depth_camera",
                        "depth",
                        "rgbd_camera",
                        "rgbd",
                        "air_pressure",
                        "air_speed",
                        "navsat",
                        "logical_camera",
                        "segmentation",
                        "segmentation_camera",
                        "force_torque",
                        "wideanglecamera",
                        "wide_angle_camera",
                        "thermal",
                        "thermal_camera",
                        // a custom sensor is known by its gz:type (SensorSpec.kind())
                        "custom/environmental_sensor");
        assertThat(FOUND.devices())
                .extracting(DeviceDescriptor::name)
                .containsExactly(
                        "air_pressure",
                        "air_speed",
                        "altimeter",
                        "camera",
                        "contact",
                        "environmental_sensor",
                        "force_torque",
                        "imu",
                        "lidar",
                        "logical_camera",
                        "magnetometer",
                        "navsat",
                        "segmentation_camera",
                        "thermal_camera",
                        "wide_angle_camera");
    }

    @Test
    void theEngineNamesAreTheEnginesDescriptorsTheDefaultFirst() {
        assertThat(PhysicsEngines.NAMES).containsExactly("bullet", "jbullet");
        assertThat(PhysicsEngines.named(" JBullet ").name()).isEqualTo("jbullet");
        assertThat(PhysicsEngines.named("bullet").name()).isEqualTo("bullet");
        assertThatThrownBy(() -> PhysicsEngines.named("ode"))
                .hasMessage("orrery.physics.engine must be one of bullet, jbullet, got 'ode'");
    }

    @Test
    void theCoresSystemsDeclareGazebosPriorities() {
        assertThat(FOUND.systems())
                .filteredOn(s -> s.name().equals("physics"))
                .singleElement()
                .extracting(SystemDescriptor::priority)
                .isEqualTo(Priorities.PHYSICS);
    }

    @Test
    void aUsersDescriptorGoesThroughTheSameRegistry() {
        SystemDescriptor gusts = plugin("gusts", List.of("example-gusts"));
        PluginRegistry registry = FOUND.withSystems(List.of(gusts)).plugins();
        assertThat(registry.lookup("example-gusts")).isPresent();
        assertThat(registry.lookup("orrery-pose-publisher")).isPresent();
    }

    @Test
    void aNameOrSensorTypeTakenTwiceIsRefusedNamingBoth() {
        assertThatThrownBy(() -> FOUND.withSystems(List.of(plugin("diff-drive", List.of("other")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("system name 'diff-drive' is declared twice")
                .hasMessageContaining("io.orrery.system.diffdrive.DiffDriveDescriptor");
        assertThatThrownBy(() -> FOUND.withSystems(List.of(plugin("mine", List.of("gz-sim-diff-drive-system")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plugin filename 'gz-sim-diff-drive-system' is declared by two systems")
                .hasMessageContaining("'diff-drive' (io.orrery.system.diffdrive.DiffDriveDescriptor)")
                .hasMessageContaining("'mine' (");
        assertThatThrownBy(() -> FOUND.withDevices(List.of(device("my-imu", Set.of("imu")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sensor type 'imu' is simulated by two device kinds")
                .hasMessageContaining("io.orrery.device.imu.ImuDeviceDescriptor");
    }

    @Test
    void aUsersDeviceKindAddsItsSensorTypes() {
        // a type Orrery does not simulate itself (thermal cameras, the earlier example, now are)
        Extensions boxes = FOUND.withDevices(List.of(device("boxes", Set.of("boundingbox_camera"))));
        assertThat(boxes.sensorTypes()).contains("boundingbox_camera", "camera", "imu");
        assertThat(FOUND.sensorTypes()).doesNotContain("boundingbox_camera");
    }

    private static SystemDescriptor plugin(String name, List<String> filenames) {
        return new SystemDescriptor() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Kind kind() {
                return Kind.PLUGIN;
            }

            @Override
            public List<String> filenames() {
                return filenames;
            }

            @Override
            public PluginFactory pluginFactory() {
                return (PluginSpec spec) -> null;
            }
        };
    }

    private static DeviceDescriptor device(String name, Set<String> types) {
        return new DeviceDescriptor() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Set<String> sensorTypes() {
                return types;
            }

            @Override
            public List<String> gazeboSystems() {
                return List.of();
            }

            @Override
            public Device create(Mount mount, DeviceContext context) {
                throw new UnsupportedOperationException();
            }
        };
    }
}
