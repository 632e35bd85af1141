/**
 * A controller in the loop (Cloe's StepController): the hold one controller takes on the simulation, its lockstep
 * steps and resets with what they publish and observe, and the port for it ({@link io.orrery.runner.hold.Holding}). A
 * room of the runner: uses {@code runner.loop}, {@code runner.command}, {@code runner.session} and {@code runner.port}.
 * Plain Java.
 */
package io.orrery.runner.hold;
