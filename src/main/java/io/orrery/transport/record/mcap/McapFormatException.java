package io.orrery.transport.record.mcap;

import java.io.IOException;

/**
 * A file that is not MCAP as the specification has it, or that breaks one of {@link McapLimits}: names the byte
 * offset in the file where it was found, so that a user can look at it with a hex viewer or {@code mcap doctor}.
 */
public class McapFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long offset;
    private final String problem;

    McapFormatException(long offset, String problem) {
        super("MCAP at offset " + offset + ": " + problem);
        this.offset = offset;
        this.problem = problem;
    }

    McapFormatException(long offset, String problem, Throwable cause) {
        super("MCAP at offset " + offset + ": " + problem, cause);
        this.offset = offset;
        this.problem = problem;
    }

    /** The byte offset from the start of the file where the problem is. */
    public long offset() {
        return offset;
    }

    /** What is wrong, without the offset. */
    String problem() {
        return problem;
    }
}
