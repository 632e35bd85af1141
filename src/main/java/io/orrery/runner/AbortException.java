package io.orrery.runner;

/** Thrown on the runner thread, it ends the simulation with outcome aborted and its message as the reason. */
final class AbortException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    AbortException(String message) {
        super(message);
    }

    AbortException(String message, Throwable cause) {
        super(message, cause);
    }
}
