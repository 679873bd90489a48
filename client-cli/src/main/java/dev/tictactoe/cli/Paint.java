package dev.tictactoe.cli;

/** Applies ANSI styles, or nothing in plain mode. */
record Paint(boolean colour) {
    String bold(String text) {
        return colour ? Ansi.BOLD + text + Ansi.RESET : text;
    }

    String error(String text) {
        return colour ? Ansi.ERROR + text + Ansi.RESET : text;
    }

    String notice(String text) {
        return colour ? Ansi.NOTICE + text + Ansi.RESET : text;
    }

    String seat(String seat, String text) {
        return colour ? Ansi.seat(seat) + text + Ansi.RESET : text;
    }
}
