package io.orrery.plugin;

import java.time.Instant;
import java.util.Optional;

/**
 * A hosted plugin's state, for the API and the dashboard.
 *
 * @param name the qualified instance name ({@code <model>::<instance>} for model-level plugins)
 * @param filename the {@code filename} attribute: the plugin type
 * @param owner the world or the model that declared it
 * @param state its state
 * @param error why it failed, if it did
 * @param startedAt when its start finished successfully, if it did
 * @param required whether the world may not run without it
 */
public record PluginStatus(
        String name,
        String filename,
        PluginOwner owner,
        PluginState state,
        Optional<String> error,
        Optional<Instant> startedAt,
        boolean required) {

    /** A plugin the world names that Orrery does not simulate: {@link PluginState#UNSUPPORTED}, with why. */
    public static PluginStatus unsupported(OwnedPluginSpec owned) {
        return new PluginStatus(
                owned.qualifiedName(),
                owned.spec().filename(),
                owned.owner(),
                PluginState.UNSUPPORTED,
                Optional.of("not simulated by Orrery: neither an Orrery plugin nor a Gazebo system it ports"),
                Optional.empty(),
                owned.spec().required());
    }

    /** This status in {@code newState}. */
    public PluginStatus with(PluginState newState) {
        return new PluginStatus(name, filename, owner, newState, error, startedAt, required);
    }

    /** This status failed, for {@code reason}. */
    public PluginStatus failed(String reason) {
        return new PluginStatus(name, filename, owner, PluginState.FAILED, Optional.of(reason), startedAt, required);
    }

    /** This status started {@code at}. */
    public PluginStatus started(Instant at) {
        return new PluginStatus(name, filename, owner, PluginState.STARTED, error, Optional.of(at), required);
    }
}
