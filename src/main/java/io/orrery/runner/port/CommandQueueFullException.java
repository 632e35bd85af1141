package io.orrery.runner.port;

/**
 * A command refused because the runner already has as many commands waiting as it may hold
 * ({@code orrery.max-pending-commands}): the caller may try again shortly. Nothing already accepted is dropped to make
 * room.
 */
public final class CommandQueueFullException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String command;
    private final int capacity;

    public CommandQueueFullException(String command, int capacity) {
        super("'" + command + "' refused: the runner has " + capacity + " commands waiting, the most"
                + " orrery.max-pending-commands allows; try again shortly");
        this.command = command;
        this.capacity = capacity;
    }

    /** The command refused. */
    public String command() {
        return command;
    }

    /** How many commands may wait at most. */
    public int capacity() {
        return capacity;
    }
}
