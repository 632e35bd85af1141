package io.orrery.system.commsendpoint;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/**
 * Declares {@link CommsEndpoint}: {@code gz-sim-comms-endpoint-system}, {@code gz::sim::systems::CommsEndpoint}, one
 * per {@code <plugin>} of a model.
 */
@AutoService(SystemDescriptor.class)
public final class CommsEndpointDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return CommsEndpoint.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(CommsEndpoint.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(CommsEndpoint.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new CommsEndpoint();
    }
}
