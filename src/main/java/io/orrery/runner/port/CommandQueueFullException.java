package io.orrery.runner.port;

/**
 * A command refused because the runner already has as many commands waiting as it may hold
 * ({@code orrery.max-pending-commands}), or as many bytes of published messages ({@code
 * orrery.max-pending-publish-bytes}): the caller may try again shortly. Nothing already accepted is dropped to make
 * room.
 */
public final class CommandQueueFullException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String command;
    private final String property;
    private final long limit;

    public CommandQueueFullException(String command, int capacity) {
        this(
                command,
                "orrery.max-pending-commands",
                capacity,
                "'" + command + "' refused: the runner has " + capacity + " commands waiting, the most"
                        + " orrery.max-pending-commands allows; try again shortly");
    }

    private CommandQueueFullException(String command, String property, long limit, String message) {
        super(message);
        this.command = command;
        this.property = property;
        this.limit = limit;
    }

    /** Refused for the bytes its data would add to the {@code waiting} bytes already queued. */
    public static CommandQueueFullException ofBytes(String command, long waiting, long limit) {
        return new CommandQueueFullException(
                command,
                "orrery.max-pending-publish-bytes",
                limit,
                "'" + command + "' refused: " + waiting + " bytes of messages wait for the runner already, and this"
                        + " one would pass the " + limit + " orrery.max-pending-publish-bytes allows; try again"
                        + " shortly");
    }

    /** The command refused. */
    public String command() {
        return command;
    }

    /** The property whose bound was reached: {@code orrery.max-pending-commands} or the publish bytes'. */
    public String property() {
        return property;
    }

    /** The bound reached: commands, or bytes. */
    public long limit() {
        return limit;
    }
}
