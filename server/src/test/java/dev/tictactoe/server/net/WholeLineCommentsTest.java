package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** Whole comment lines go; code, and comment characters inside code, stay. */
class WholeLineCommentsTest {

    private static String strip(String source) {
        return new String(
                StaticFiles.stripComments(source.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
    }

    @Test
    void dropsLineCommentsAndBlocksThatFillWholeLines() {
        String source =
                """
                // a file comment
                /**
                 * A block over lines.
                 */
                export const A = 1;
                  /** One line. */
                  const b = 2; // a comment after code stays
                .x { color: red; }
                /* a style comment */
                """;
        assertThat(strip(source))
                .isEqualTo(
                        """
                        export const A = 1;
                          const b = 2; // a comment after code stays
                        .x { color: red; }
                        """);
    }

    @Test
    void leavesCommentCharactersInsideCodeAlone() {
        String source =
                """
                const url = `${scheme}//${host}/rooms`;
                const re = /\\/\\*/;
                const s = '/* not a comment */';
                """;
        assertThat(strip(source)).isEqualTo(source);
    }
}
