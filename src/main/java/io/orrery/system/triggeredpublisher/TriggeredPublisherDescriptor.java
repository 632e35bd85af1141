package io.orrery.system.triggeredpublisher;

import com.google.auto.service.AutoService;
import io.orrery.plugin.Plugin;
import io.orrery.plugin.PluginFactory;
import io.orrery.plugin.ServicePort;
import io.orrery.system.SystemDescriptor;
import io.orrery.system.gazebo.GazeboPort;
import io.orrery.world.PluginSpec;
import io.orrery.world.SdfElement;
import java.util.List;

/**
 * Declares {@link TriggeredPublisher}: {@code gz-sim-triggered-publisher-system},
 * {@code gz::sim::systems::TriggeredPublisher}, one per {@code <plugin>}. Its {@code <service>}s naming a service
 * Orrery does not offer are listed as not simulated when the world loads.
 */
@AutoService(SystemDescriptor.class)
public final class TriggeredPublisherDescriptor extends GazeboPort {

    public TriggeredPublisherDescriptor() {
        super(TriggeredPublisher.SHORT_NAME, TriggeredPublisher.CLASS_NAME, new Factory());
    }

    private static final class Factory implements PluginFactory {

        @Override
        public Plugin create(PluginSpec spec) {
            return new TriggeredPublisher();
        }

        /**
         * The {@code <service>}s whose name is not one Orrery offers a world of that name; for a model read alone
         * (no world name), a {@code /world/<any>/} service of a name Orrery offers counts as offered.
         */
        @Override
        public List<SdfElement> notSimulated(PluginSpec spec, String world) {
            return spec.parameters().stream()
                    .filter(e -> e.name().equals("service"))
                    .filter(e ->
                            !offered(e.attributes().getOrDefault("name", "").trim(), world))
                    .toList();
        }

        private static boolean offered(String name, String world) {
            if (!world.isEmpty()) {
                return ServicePort.offeredNames(world).contains(name);
            }
            if (name.equals("/gazebo/worlds")) {
                return true;
            }
            int slash = name.startsWith("/world/") ? name.indexOf('/', "/world/".length()) : -1;
            return slash > 0 && ServicePort.WORLD_SERVICES.contains(name.substring(slash + 1));
        }
    }
}
