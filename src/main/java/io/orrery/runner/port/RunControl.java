package io.orrery.runner.port;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * World control: the lifecycle commands anyone may give (pause, resume, stop, reset, reload, step batches, run-to,
 * the real-time factor). Each is a command applied on the runner thread at StepEnd and answered through its future; a
 * command the state does not allow fails with {@link CommandRefusedException} naming the state and what is allowed,
 * and one given while a controller holds the simulation with {@link ControlHeldException}. Any thread.
 */
public interface RunControl {

    /** Pauses at the end of the current step; inside a step batch, ends the batch there. */
    CompletableFuture<SimulationStatus> pause();

    /** Resumes a paused simulation, with no jump in pacing. */
    CompletableFuture<SimulationStatus> resume();

    /**
     * Stops the simulation with outcome stopped at the next StepEnd (inside a step batch too, and while the world
     * loads); it disconnects and the world is closed.
     */
    CompletableFuture<SimulationStatus> stop();

    /**
     * Resets the world to its loaded state and goes on as it was (running or paused), answering once the plugins of
     * models it restored have started. Refused while another reset is under way. A component that cannot restart
     * ends the run with outcome aborted, naming it.
     */
    CompletableFuture<SimulationStatus> reset();

    /**
     * Loads the world again from {@code file} (or the current file), picking up edits to it. The file is parsed on
     * the caller's thread and built on the runner's: if either fails, the future fails with the error and the running
     * world goes on untouched, as it does when a file other than the one the runner was built with holds a plugin
     * that would connect to a host not allowed. Then the old world closes and the new one starts as at load; if its
     * required plugins fail to start, the outcome is no-start; a stop meanwhile makes it stopped.
     */
    CompletableFuture<SimulationStatus> reload(Optional<Path> file);

    /**
     * While paused: runs {@code count} steps, then is paused again, and answers with the status after the steps
     * actually taken. Reads are served at every StepEnd; a stop or a pause ends the batch at the next StepEnd; other
     * commands wait until the batch has ended, so a resume or a second step cannot cut in.
     */
    CompletableFuture<SimulationStatus> step(long count);

    /** Runs until sim time reaches {@code targetNanos}, then pauses; completes when it has. */
    CompletableFuture<SimulationStatus> runTo(long targetNanos);

    /** Changes the target real-time factor (0 = as fast as possible) with no jump. */
    CompletableFuture<SimulationStatus> setRealTimeFactor(double factor);
}
