package io.orrery.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.orrery.plugin.PluginRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/systems-and-sensors.md's table of all of gz-sim's systems is what a user reads to know whether Orrery runs a
 * system: each of gz-sim's 76 system folders has exactly one row, and no row says "not simulated" of a system whose
 * Gazebo library name Orrery registers (a row left behind when the system was ported).
 */
class SystemsTableTests {

    static final Path DOC = Path.of("docs/systems-and-sensors.md");

    /** gz-sim's {@code src/systems} folders at commit 93bbf3e, the one the vendored worlds come from. */
    static final List<String> GZ_SIM_SYSTEMS = List.of(
            "ackermann_steering",
            "acoustic_comms",
            "advanced_lift_drag",
            "air_pressure",
            "air_speed",
            "altimeter",
            "apply_joint_force",
            "apply_link_wrench",
            "battery_plugin",
            "breadcrumbs",
            "buoyancy",
            "buoyancy_engine",
            "camera_video_recorder",
            "collada_world_exporter",
            "comms_endpoint",
            "contact",
            "cpu_lidar",
            "detachable_joint",
            "diff_drive",
            "drive_to_pose_controller",
            "dvl",
            "elevator",
            "entity_semantics",
            "environment_preload",
            "environmental_sensor_system",
            "follow_actor",
            "force_torque",
            "free_space_explorer",
            "hydrodynamics",
            "imu",
            "joint_controller",
            "joint_position_controller",
            "joint_state_publisher",
            "joint_traj_control",
            "kinetic_energy_monitor",
            "label",
            "led_plugin",
            "lens_flare",
            "lift_drag",
            "lighter_than_air_dynamics",
            "log",
            "log_video_recorder",
            "logical_audio_sensor_plugin",
            "logical_camera",
            "lookup_wheel_slip",
            "magnetometer",
            "mecanum_drive",
            "model_photo_shoot",
            "multicopter_control",
            "multicopter_motor_model",
            "navsat",
            "odometry_publisher",
            "optical_tactile_plugin",
            "particle_emitter",
            "perfect_comms",
            "performer_detector",
            "physics",
            "pose_publisher",
            "python_system_loader",
            "rf_comms",
            "scene_broadcaster",
            "sensors",
            "shader_param",
            "spacecraft_thruster_model",
            "thermal",
            "thruster",
            "touch_plugin",
            "track_controller",
            "tracked_vehicle",
            "trajectory_follower",
            "triggered_publisher",
            "user_commands",
            "velocity_control",
            "websocket_server",
            "wheel_slip",
            "wind_effects");

    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z_]+)` \\| (.+) \\|$");

    @Test
    void everySystemHasOneRow() throws IOException {
        assertThat(GZ_SIM_SYSTEMS).hasSize(76).doesNotHaveDuplicates();
        List<String> names = new ArrayList<>(rows().keySet());
        List<String> all = new ArrayList<>();
        Matcher m = ROW.matcher(table());
        while (m.find()) {
            all.add(m.group(1));
        }
        assertThat(all).as("rows of the table, once each").doesNotHaveDuplicates();
        assertThat(names).containsExactlyInAnyOrderElementsOf(GZ_SIM_SYSTEMS);
    }

    @Test
    void noRowSaysNotSimulatedOfARegisteredSystem() throws IOException {
        PluginRegistry registry = Extensions.discovered().plugins();
        List<String> stale = new ArrayList<>();
        rows().forEach((system, says) -> {
            String library = "gz-sim-" + system.replace('_', '-') + "-system";
            if (says.startsWith("not simulated") && registry.lookup(library, "").isPresent()) {
                stale.add(system + " (" + library + " is registered)");
            }
        });
        assertThat(stale)
                .as("rows saying 'not simulated' of systems Orrery runs")
                .isEmpty();
    }

    private static Map<String, String> rows() throws IOException {
        Map<String, String> rows = new LinkedHashMap<>();
        Matcher m = ROW.matcher(table());
        while (m.find()) {
            rows.put(m.group(1), m.group(2));
        }
        return rows;
    }

    private static String table() throws IOException {
        String doc = Files.readString(DOC);
        int at = doc.indexOf("## All of gz-sim's systems");
        assertThat(at).as("the table's heading in %s", DOC).isNotNegative();
        int end = doc.indexOf("\n## ", at + 1);
        return end < 0 ? doc.substring(at) : doc.substring(at, end);
    }
}
