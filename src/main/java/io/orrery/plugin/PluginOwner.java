package io.orrery.plugin;

/** Who declared a plugin: the world (world-level and always-on plugins) or a top-level model. */
public sealed interface PluginOwner {

    /** The world owns it: it lives as long as the loaded world. */
    static PluginOwner world() {
        return World.INSTANCE;
    }

    /** The top-level model {@code name} owns it: it ends when that model is removed. */
    static PluginOwner model(String name) {
        return new Model(name);
    }

    /** The world; plugins it owns keep their instance name. */
    record World() implements PluginOwner {
        static final World INSTANCE = new World();

        @Override
        public String toString() {
            return "world";
        }
    }

    /** A top-level model; plugins it owns are named {@code <model>::<instance>}. */
    record Model(String name) implements PluginOwner {
        public Model {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a plugin's owner model needs a name, got '" + name + "'");
            }
        }

        @Override
        public String toString() {
            return "model '" + name + "'";
        }
    }
}
