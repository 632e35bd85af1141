/**
 * The simulation runner: {@link io.orrery.runner.SimulationRunner} wires the rooms below into one runner thread
 * that owns the world, and hands out their ports ({@link io.orrery.runner.port}). Built with
 * {@link io.orrery.runner.RunnerBuilder}. Plain Java; used by {@code ops} (wiring) and the application layer's
 * configuration, nothing else outside the runner.
 *
 * <p>Rooms, each a sub-package, dependencies pointing down this list: {@code edit} and {@code hold} (world edits; a
 * controller's hold and lockstep), {@code loop} (the step loop, lifecycle transitions, the end of the run),
 * {@code command} (the command queue and how commands are posted), {@code session} (one loaded world, its loading and
 * reset cascade, the run's state), {@code pacing} (real-time pacing, statistics, the clock) and {@code port} (the
 * runner's interfaces and the records they speak).
 */
package io.orrery.runner;
