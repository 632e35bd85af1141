package io.orrery.system.odometrypublisher;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link OdometryPublisher}: {@code gz-sim-odometry-publisher-system}, {@code
 * gz::sim::systems::OdometryPublisher}, one per {@code <plugin>}.
 */
@AutoService(SystemDescriptor.class)
public final class OdometryPublisherDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return OdometryPublisher.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(OdometryPublisher.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(OdometryPublisher.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new OdometryPublisher();
    }
}
