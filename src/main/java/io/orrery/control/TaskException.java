package io.orrery.control;

/** A task that cannot be read or does not fit its world: the message names the file and the key. */
public final class TaskException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public TaskException(String message) {
        super(message);
    }

    public TaskException(String message, Throwable cause) {
        super(message, cause);
    }
}
