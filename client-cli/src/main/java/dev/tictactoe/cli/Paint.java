package dev.tictactoe.cli;

import dev.tictactoe.protocol.Seat;

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

    String seat(Seat seat, String text) {
        return colour ? Ansi.seat(seat) + text + Ansi.RESET : text;
    }
}
