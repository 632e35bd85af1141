package io.orrery.system.acousticcomms;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.comms.CommsBrokerSystem;
import java.util.List;

/**
 * Declares Gazebo's AcousticComms system: {@code gz-sim-acoustic-comms-system}, {@code gz::sim::systems::AcousticComms}, one per {@code <plugin>} of a
 * world: a {@link CommsBrokerSystem} whose messages travel by {@link AcousticDelivery}.
 */
@AutoService(SystemDescriptor.class)
public final class AcousticCommsDescriptor implements SystemDescriptor {

    /** Gazebo's short name: {@code gz-sim-acoustic-comms-system}. */
    static final String SHORT_NAME = "acoustic-comms";
    /** Gazebo's class name: {@code gz::sim::systems::AcousticComms}. */
    static final String CLASS_NAME = "AcousticComms";

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
        return spec -> new CommsBrokerSystem(CLASS_NAME, AcousticDelivery::of);
    }
}
