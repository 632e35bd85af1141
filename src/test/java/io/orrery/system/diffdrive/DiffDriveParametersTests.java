package io.orrery.system.diffdrive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.orrery.system.control.SpeedLimiter;
import io.orrery.system.gazebo.GazeboParameters;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** DiffDrive reads its limits as Gazebo does: the shared bound first, the linear_/angular_ one over it. */
class DiffDriveParametersTests {

    @Test
    void theLinearAndAngularVariantsOverrideTheSharedBoundsAndTheRestIsUnlimited() {
        GazeboParameters params = params(
                "max_velocity", "2", "max_linear_velocity", "0.5", "min_acceleration", "-3", "max_angular_jerk", "7");

        SpeedLimiter linear = DiffDrive.limiter(params, "linear");
        SpeedLimiter angular = DiffDrive.limiter(params, "angular");

        assertThat(linear.maxVelocity()).isEqualTo(0.5);
        assertThat(angular.maxVelocity()).isEqualTo(2);
        assertThat(linear.minAcceleration()).isEqualTo(-3);
        assertThat(angular.minAcceleration()).isEqualTo(-3);
        assertThat(angular.maxJerk()).isEqualTo(7);
        assertThat(linear.maxJerk()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(linear.minVelocity()).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void aValueThatIsNotANumberNamesThePluginAndTheElement() {
        assertThatThrownBy(() -> DiffDrive.limiter(params("max_linear_velocity", "fast"), "linear"))
                .hasMessageContaining("DiffDrive plugin 'dd'")
                .hasMessageContaining("<max_linear_velocity>")
                .hasMessageContaining("'fast'");
    }

    static GazeboParameters params(String... nameValue) {
        List<SdfElement> elements = new java.util.ArrayList<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            elements.add(new SdfElement(nameValue[i], Map.of(), nameValue[i + 1], List.of()));
        }
        return new GazeboParameters(
                new PluginSpec("dd", "gz-sim-diff-drive-system", elements, OptionalInt.empty(), false, 3),
                DiffDrive.CLASS_NAME);
    }
}
