package dev.tictactoe.protocol;

import java.util.List;

/**
 * One finished game of a room: its number, the seat that moved first, the cells in play order, the
 * winner (null for a draw), the reason, and the winning line (empty when none).
 */
public record GameRecord(
        int game,
        Seat first,
        List<Integer> moves,
        Seat winner,
        ResultReason reason,
        List<Integer> line) {
    public GameRecord {
        moves = List.copyOf(moves);
        line = List.copyOf(line);
    }
}
