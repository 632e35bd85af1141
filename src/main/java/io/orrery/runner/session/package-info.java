/**
 * One loaded world and the run's state around it: the {@link io.orrery.runner.session.WorldSession} (physics,
 * systems, devices, plugins, bus, pacer, statistics, the ledger of edits), its loading the CLOiSim way
 * ({@link io.orrery.runner.session.WorldLoading}), the reset cascade, the snapshot readers see, and
 * {@link io.orrery.runner.session.RunState}. A room of the runner: uses {@code runner.port} and {@code runner.pacing};
 * runner thread, but where a class says otherwise. Plain Java.
 */
package io.orrery.runner.session;
