package io.orrery.log;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A value a user chose cannot forge a log line, hide what it says, or flood the log. */
class LogSafeTests {

    @Test
    void lineBreaksControlAndFormatCharactersAreEscaped() {
        assertThat(LogSafe.text("a\nb\r\nc\td")).isEqualTo("a\\nb\\r\\nc\\td");
        assertThat(LogSafe.text("bell\u0007 esc\u001b[31m del\u007f nel\u0085"))
                .isEqualTo("bell\\u0007 esc\\u001B[31m del\\u007F nel\\u0085");
        assertThat(LogSafe.text("line\u2028para\u2029")).isEqualTo("line\\u2028para\\u2029");
        assertThat(LogSafe.text("\u202Eevil")).isEqualTo("\\u202Eevil"); // a right-to-left override
        assertThat(LogSafe.text("lone \uD800 surrogate")).isEqualTo("lone \\uD800 surrogate");
    }

    @Test
    void plainTextIncludingPathsAndOtherScriptsIsLeftAlone() {
        for (String s :
                new String[] {"vehicle_blue::chassis", "C:\\worlds\\a.sdf", "/world/w/pose/info", "Käfer 🚗 ロボット"}) {
            assertThat(LogSafe.text(s)).isEqualTo(s);
        }
        assertThat(LogSafe.text(null)).isEqualTo("null");
        assertThat(LogSafe.of("a\nb")).hasToString("a\\nb");
    }

    @Test
    void aLongValueIsCutAndTheRestCounted() {
        String text = LogSafe.text("y".repeat(LogSafe.MAX_CHARS + 234));

        assertThat(text).startsWith("y".repeat(LogSafe.MAX_CHARS)).endsWith("… (234 more characters)");
        assertThat(LogSafe.text("z".repeat(LogSafe.MAX_CHARS))).isEqualTo("z".repeat(LogSafe.MAX_CHARS));
    }
}
