package dev.tictactoe.cli;

import dev.tictactoe.protocol.Seat;

import java.util.regex.Pattern;

/** The few ANSI escape sequences the client uses, in one place so colours stay consistent. */
final class Ansi {
    static final String RESET = "\u001b[0m";
    static final String BOLD = "\u001b[1m";
    static final String DIM = "\u001b[2m";

    /** X is bold red, O bold cyan: distinct on dark and light backgrounds. */
    static final String X = "\u001b[1;31m";

    static final String O = "\u001b[1;36m";

    /** The last move: reversed, so the piece colour becomes the background. */
    static final String LAST = "\u001b[7m";

    /** The winning line: bold white on green. */
    static final String WIN = "\u001b[1;37;42m";

    /** The cursor: black on yellow. */
    static final String CURSOR = "\u001b[30;43m";

    static final String ERROR = "\u001b[1;31m";
    static final String NOTICE = "\u001b[1;33m";

    /** Home the cursor and clear the screen. */
    static final String CLEAR = "\u001b[H\u001b[2J";

    private static final Pattern SGR = Pattern.compile("\u001b\\[[0-9;]*[A-Za-z]");

    private Ansi() {}

    /** {@code text} without escape sequences, e.g. to measure or compare it. */
    static String strip(String text) {
        return SGR.matcher(text).replaceAll("");
    }

    /** The seat's colour, or nothing for anything else. */
    static String seat(Seat seat) {
        if (seat == null) {
            return "";
        }
        return seat == Seat.X ? X : O;
    }
}
