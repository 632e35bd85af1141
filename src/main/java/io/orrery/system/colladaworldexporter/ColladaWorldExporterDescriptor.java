package io.orrery.system.colladaworldexporter;

import com.google.auto.service.AutoService;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;

/**
 * Declares Gazebo's ColladaWorldExporter ({@code gz-sim-collada-world-exporter-system},
 * {@code gz::sim::systems::ColladaWorldExporter}): the world's visuals and lights written once as a COLLADA file.
 */
@AutoService(SystemDescriptor.class)
public final class ColladaWorldExporterDescriptor extends GazeboPort {

    public ColladaWorldExporterDescriptor() {
        super(ColladaWorldExporter.SHORT_NAME, ColladaWorldExporter.CLASS_NAME, spec -> new ColladaWorldExporter());
    }
}
