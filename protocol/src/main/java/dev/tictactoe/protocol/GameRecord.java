package dev.tictactoe.protocol;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** One finished game of a room: no winner is a draw. */
public record GameRecord(
        int game,
        Seat first,
        List<Integer> moves,
        @Nullable Seat winner,
        ResultReason reason,
        List<Integer> line) {
    private static final int MAX_CELL = Protocol.MAX_SIZE * Protocol.MAX_SIZE - 1;

    public GameRecord {
        moves = List.copyOf(moves);
        line = List.copyOf(line);
        Json.range("game", game, 1, Integer.MAX_VALUE);
        Json.ranges("moves", moves, 0, MAX_CELL);
        Json.ranges("line", line, 0, MAX_CELL);
    }
}
