package io.orrery.runner.port;

/** Thrown on the runner thread (inside the runner only), it ends the simulation with outcome aborted and its message as the reason. */
public final class AbortException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AbortException(String message) {
        super(message);
    }

    public AbortException(String message, Throwable cause) {
        super(message, cause);
    }
}
