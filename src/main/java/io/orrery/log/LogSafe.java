package io.orrery.log;

/**
 * A value a user chose, as the log shows it: control characters (line breaks among them), Unicode's line and
 * paragraph separators and its invisible format characters (bidirectional overrides) are escaped as {@code \n},
 * {@code \r}, {@code \t} or {@code \}{@code uXXXX}, so a name or a message can neither forge a log line of its own
 * nor hide what it says; a value over {@value #MAX_CHARS} characters is cut, the rest counted. Wrap every argument
 * a user chose: {@code log.info("model '{}' spawned", LogSafe.of(name))}.
 */
public final class LogSafe {

    /** The most characters of one value the log shows. */
    public static final int MAX_CHARS = 1000;

    private LogSafe() {}

    /** {@code value} escaped when the log line is written (nothing is done for a level that is off). */
    public static Object of(Object value) {
        return new Escaped(value);
    }

    /** {@code value}'s text escaped and cut now; {@code "null"} for null. */
    public static String text(Object value) {
        String s = String.valueOf(value);
        int end = s.length() > MAX_CHARS
                ? s.offsetByCodePoints(0, Math.min(MAX_CHARS, s.codePointCount(0, s.length())))
                : s.length();
        StringBuilder out = null;
        for (int i = 0; i < end; ) {
            int c = s.codePointAt(i);
            String escaped = escape(c);
            if (escaped != null && out == null) {
                out = new StringBuilder(end + 16).append(s, 0, i);
            }
            if (out != null) {
                if (escaped != null) {
                    out.append(escaped);
                } else {
                    out.appendCodePoint(c);
                }
            }
            i += Character.charCount(c);
        }
        String shown = out == null ? s.substring(0, end) : out.toString();
        return end < s.length() ? shown + "… (" + (s.length() - end) + " more characters)" : shown;
    }

    private static String escape(int c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default ->
                switch (Character.getType(c)) {
                    case Character.CONTROL,
                            Character.FORMAT,
                            Character.LINE_SEPARATOR,
                            Character.PARAGRAPH_SEPARATOR,
                            Character.SURROGATE ->
                        c > 0xFFFF ? String.format("\\u{%X}", c) : String.format("\\u%04X", c);
                    default -> null;
                };
        };
    }

    /** Escapes lazily, when a logger asks for the text. */
    private record Escaped(Object value) {
        @Override
        public String toString() {
            return text(value);
        }
    }
}
