package io.orrery.system.diffdrive;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares {@link DiffDrive}: {@code gz-sim-diff-drive-system}, {@code gz::sim::systems::DiffDrive}, one per {@code
 * <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class DiffDriveDescriptor extends GazeboPort {

    public DiffDriveDescriptor() {
        super(DiffDrive.SHORT_NAME, DiffDrive.CLASS_NAME, spec -> new DiffDrive());
    }
}
