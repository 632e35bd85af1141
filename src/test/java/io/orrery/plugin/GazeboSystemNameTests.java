package io.orrery.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GazeboSystemNameTests {

    @Test
    void everyFilenameSpellingOfAGazeboSystemHasOneKey() {
        for (String spelling : List.of(
                "gz-sim-diff-drive-system",
                "libgz-sim-diff-drive-system.so",
                "gz-sim8-diff-drive-system",
                "ignition-gazebo-diff-drive-system",
                "libignition-gazebo-diff-drive-system.so",
                "libignition-gazebo6-diff-drive-system.so")) {
            assertThat(GazeboSystemName.canonicalFilename(spelling))
                    .as(spelling)
                    .hasValue("gz-sim-diff-drive-system");
        }
        assertThat(GazeboSystemName.canonicalFilename("orrery-pose-publisher")).isEmpty();
        assertThat(GazeboSystemName.canonicalFilename("my-gz-sim-thing")).isEmpty();
    }

    @Test
    void bothNamespacesOfAGazeboSystemClassHaveOneKey() {
        assertThat(GazeboSystemName.canonicalClassName("ignition::gazebo::systems::DiffDrive"))
                .hasValue("gz::sim::systems::DiffDrive");
        assertThat(GazeboSystemName.canonicalClassName("gz::sim::systems::DiffDrive"))
                .hasValue("gz::sim::systems::DiffDrive");
        assertThat(GazeboSystemName.canonicalClassName("vehicle_blue::drive")).isEmpty();
    }

    @Test
    void aRegisteredSystemIsFoundByAnySpellingOfItsFilenameOrItsName() {
        PluginFactory factory = spec -> null;
        PluginRegistry registry = new PluginRegistry()
                .registerGazeboSystem(factory, "diff-drive", "DiffDrive")
                .acceptSilently("physics");

        assertThat(registry.lookup("libignition-gazebo-diff-drive-system.so", "x"))
                .containsSame(factory);
        assertThat(registry.lookup("some-custom.so", "ignition::gazebo::systems::DiffDrive"))
                .containsSame(factory);
        assertThat(registry.lookup("gz-sim-imu-system", "gz::sim::systems::Imu"))
                .isEmpty();
        assertThat(registry.isAcceptedSilently("libignition-gazebo-physics-system.so", ""))
                .isTrue();
        assertThat(registry.isAcceptedSilently("gz-sim-imu-system", "")).isFalse();
    }
}
