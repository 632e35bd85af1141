/**
 * The application layer: the use cases, each written once, that every surface (HTTP, the dashboard, gz-transport, the
 * control socket) translates to and from: a world's control ({@link io.orrery.app.WorldControl}), its files (load,
 * reload, save: {@link io.orrery.app.WorldFiles}), its models (spawn, remove, teleport, static:
 * {@link io.orrery.app.Models}), its topics ({@link io.orrery.app.Topics}), step and observe
 * ({@link io.orrery.app.Stepping}), a controller's hold ({@link io.orrery.app.ControlHold}) and gz sim's world
 * services ({@link io.orrery.app.WorldServiceCalls}, for gz-transport's callers and, as the plugins'
 * {@code ServicePort}, for plugins). Plain records in and
 * out. Each use case resolves the world it acts on in {@link io.orrery.app.Worlds} by {@link io.orrery.app.WorldId}
 * (today one, the default).
 *
 * <p>May use {@code ops} (configuration), the runner through its ports ({@code runner.port}; only the configuration
 * reaches the runner's wiring), the world records and {@code world.sdf}, topics, physics and plugin records. Never a
 * surface.
 */
package io.orrery.app;
