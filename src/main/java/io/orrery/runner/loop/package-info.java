/**
 * The step loop on the runner thread: frames of paced steps or paused cycles, step batches, run-to, the lifecycle
 * transitions along Cloe's edges with the triggers they fire, reset and reload, and how a run ends; and the ports for
 * world control ({@link io.orrery.runner.loop.Control}) and reads ({@link io.orrery.runner.loop.Reads}). A room of
 * the runner: uses {@code runner.command}, {@code runner.session}, {@code runner.pacing} and {@code runner.port}. Plain
 * Java.
 */
package io.orrery.runner.loop;
