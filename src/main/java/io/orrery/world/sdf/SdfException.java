package io.orrery.world.sdf;

import io.orrery.world.DocumentException;

/** The one error a bad SDF document produces: where it is (file, line, column) and what was expected. */
public class SdfException extends DocumentException {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String detail;

    /**
     * @param file the file or source name
     * @param line 1-based line, or 0 when the problem concerns the whole file
     * @param column 1-based column, or 0 when unknown
     * @param detail what is wrong and what was expected
     */
    public SdfException(String file, int line, int column, String detail) {
        // a place the parser got wrong (it counts a run of lone CRs as lines, then columns below 0) is unknown: 0; a
        // problem with the whole file names no place in it
        super(line <= 0 ? file + ": " + detail : file + ":" + line + ":" + Math.max(0, column) + ": " + detail);
        this.file = file;
        this.line = Math.max(0, line);
        this.column = Math.max(0, column);
        this.detail = detail;
    }

    SdfException(String file, int line, int column, String detail, Throwable cause) {
        this(file, line, column, detail);
        initCause(cause);
    }

    /** The file or source name the problem is in. */
    public String file() {
        return file;
    }

    /** The 1-based line, or 0 when the problem concerns the whole file. */
    public int line() {
        return line;
    }

    /** The 1-based column, or 0 when unknown. */
    public int column() {
        return column;
    }

    /** What is wrong, without the location. */
    public String detail() {
        return detail;
    }
}
