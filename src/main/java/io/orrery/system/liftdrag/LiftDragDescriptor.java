package io.orrery.system.liftdrag;

import com.google.auto.service.AutoService;
import io.orrery.plugin.PluginFactory;
import io.orrery.system.SystemDescriptor;
import java.util.List;

/** Declares {@link LiftDrag}: {@code gz-sim-lift-drag-system}, {@code gz::sim::systems::LiftDrag}, one per {@code <plugin>}. */
@AutoService(SystemDescriptor.class)
public final class LiftDragDescriptor implements SystemDescriptor {

    @Override
    public String name() {
        return LiftDrag.SHORT_NAME;
    }

    @Override
    public Kind kind() {
        return Kind.PLUGIN;
    }

    @Override
    public List<String> gazeboNames() {
        return List.of(LiftDrag.SHORT_NAME);
    }

    @Override
    public List<String> gazeboClassNames() {
        return List.of(LiftDrag.CLASS_NAME);
    }

    @Override
    public PluginFactory pluginFactory() {
        return spec -> new LiftDrag();
    }
}
