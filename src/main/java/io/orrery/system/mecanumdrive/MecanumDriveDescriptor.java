package io.orrery.system.mecanumdrive;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link MecanumDrive}: {@code gz-sim-mecanum-drive-system}, {@code gz::sim::systems::MecanumDrive}, one per
 * {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class MecanumDriveDescriptor extends GazeboPort {

    public MecanumDriveDescriptor() {
        super(MecanumDrive.SHORT_NAME, MecanumDrive.CLASS_NAME, spec -> new MecanumDrive());
    }
}
