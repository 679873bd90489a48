package dev.tictactoe.server.net;

import java.nio.charset.StandardCharsets;

/**
 * Drops the comments that fill whole lines from the page's own scripts and styles before they are
 * served: the browser has no use for them, and they are about a fifth of the page's weight. Only
 * whole lines go (a line starting {@code //}, or a block from a line starting {@code /*} to the
 * line ending it), so a string or a regular expression that holds those characters is untouched.
 */
final class WholeLineComments {

    private WholeLineComments() {}

    static byte[] strip(byte[] source) {
        String text = new String(source, StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(text.length());
        boolean inBlock = false;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            String trimmed = line.strip();
            if (inBlock) {
                inBlock = !trimmed.endsWith("*/");
            } else if (trimmed.startsWith("/*")) {
                inBlock = !trimmed.endsWith("*/") || trimmed.length() < 4;
            } else if (!trimmed.startsWith("//")) {
                out.append(line).append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
