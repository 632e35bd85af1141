package io.orrery.world;

/**
 * A world or model document that does not read: where the problem is (the file or source, its line and column) and
 * what was expected. What surfaces answer a bad document with, without knowing the reader behind it.
 */
public abstract class DocumentException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    protected DocumentException(String message) {
        super(message);
    }

    /** The file or source name the problem is in. */
    public abstract String file();

    /** The 1-based line, or 0 when the problem concerns the whole document. */
    public abstract int line();

    /** The 1-based column, or 0 when unknown. */
    public abstract int column();
}
