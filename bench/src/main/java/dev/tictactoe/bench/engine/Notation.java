package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How the engine tools write and read what they exchange: cells as "h8" (column as a letter from a,
 * row from 1), games as "1. h8 j9 2. g6" or "h8,j9,g6", rules as "15:5", arguments as {@code
 * name=value}.
 */
final class Notation {

    private Notation() {}

    /**
     * Arguments written {@code name=value} (or a bare name, for an empty value), by lower-case
     * name.
     */
    static Map<String, String> options(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            opts.put(kv[0].toLowerCase(Locale.ROOT), kv.length > 1 ? kv[1] : "");
        }
        return opts;
    }

    /** Rules from "N:k", e.g. "15:5". */
    static Rules rules(String text) {
        String[] parts = text.split(":");
        if (parts.length != 2) {
            throw new IllegalArgumentException("bad board '" + text + "', use e.g. 15:5");
        }
        return new Rules(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    /** "h8": column as a letter from a, row from 1. */
    static String name(int size, int cell) {
        return "" + (char) ('a' + cell % size) + (cell / size + 1);
    }

    /** The cell named like "h8". */
    static int cell(Rules rules, String text) {
        return rules.cell(Integer.parseInt(text.substring(1)) - 1, text.charAt(0) - 'a');
    }

    /** "1. h8 i9 2. ...": the moves of {@code board} numbered by pairs. */
    static String moveList(Board board) {
        int size = board.rules().size();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < board.moveCount(); i++) {
            if (i % 2 == 0) {
                sb.append(i / 2 + 1).append(". ");
            }
            sb.append(name(size, board.moveAt(i))).append(' ');
        }
        return sb.toString().trim();
    }

    /** The cells of a game written as {@link #moveList} prints it or as "h8,j9,g6". */
    static int[] cells(Rules rules, String moves) {
        return Arrays.stream(moves.trim().split("[\\s,]+"))
                .filter(t -> !t.isEmpty() && !t.endsWith("."))
                .mapToInt(t -> cell(rules, t))
                .toArray();
    }

    /** The board after {@code cells} played in order from the empty board, X first. */
    static Board replay(Rules rules, int... cells) {
        Board board = new Board(rules, Seat.X);
        for (int cell : cells) {
            board.play(cell);
        }
        return board;
    }
}
