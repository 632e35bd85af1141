package io.orrery.system.perfectcomms;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.comms.CommsBrokerSystem;
import java.util.List;

/**
 * Declares Gazebo's PerfectComms system: {@code gz-sim-perfect-comms-system}, {@code gz::sim::systems::PerfectComms}, one per {@code <plugin>} of a
 * world: a {@link CommsBrokerSystem} whose messages travel by {@link PerfectDelivery}.
 */
@AutoService(SystemDescriptor.class)
public final class PerfectCommsDescriptor implements SystemDescriptor {

    /** Gazebo's short name: {@code gz-sim-perfect-comms-system}. */
    static final String SHORT_NAME = "perfect-comms";
    /** Gazebo's class name: {@code gz::sim::systems::PerfectComms}. */
    static final String CLASS_NAME = "PerfectComms";

    @Override
    public String name() {
        return SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new CommsBrokerSystem(CLASS_NAME, PerfectDelivery::of);
    }
}
