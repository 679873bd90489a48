package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.OptBoolean;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** A room's full state at one {@code version}; nulls are written, so it has one shape. */
public record Snapshot(
        long version,
        String room,
        Settings settings,
        int game,
        RoomStatus status,
        @Nullable Seat turn,
        List<String> board,
        List<MoveEntry> moves,
        @Nullable Integer lastMove,
        @Nullable Result result,
        Players players,
        int spectators,
        Score score,
        @Nullable Seat undoRequest,
        List<Seat> rematch,
        @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Clock clock,
        @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long claimableAt) {

    public Snapshot {
        board = List.copyOf(board);
        moves = List.copyOf(moves);
        rematch = List.copyOf(rematch);
        Json.range("version", version, 0, Long.MAX_VALUE);
        Json.range("game", game, 1, Integer.MAX_VALUE);
        Json.range("spectators", spectators, 0, Integer.MAX_VALUE);
        int size = settings.size();
        if (board.size() != size) {
            throw Json.bad("board", "expected " + size + " rows, got " + board.size());
        }
        for (int r = 0; r < size; r++) {
            String row = board.get(r);
            if (row.length() != size
                    || !row.chars().allMatch(c -> c == 'X' || c == 'O' || c == '.')) {
                throw Json.bad(
                        "board[" + r + "]",
                        "expected " + size + " characters of X, O or '.', got " + Json.show(row));
            }
        }
        int maxCell = size * size - 1;
        for (int i = 0; i < moves.size(); i++) {
            Json.range("moves[" + i + "].cell", moves.get(i).cell(), 0, maxCell);
        }
        Json.range("lastMove", lastMove, 0, maxCell);
        if (result != null) {
            Json.ranges("result.line", result.line(), 0, maxCell);
        }
    }

    /** Room settings fixed at creation; {@code clock} is null when untimed. */
    public record Settings(
            int size,
            int winLength,
            Seat first,
            boolean earlyDraw,
            boolean spectators,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable String clock) {
        public Settings {
            Json.range("size", size, Protocol.MIN_SIZE, Protocol.MAX_SIZE);
            Json.range("winLength", winLength, Protocol.MIN_WIN_LENGTH, size);
        }
    }

    /** A timed room's clock, changed only when a turn starts or the clock stops. */
    public record Clock(
            String control,
            @JsonProperty(value = "X", isRequired = OptBoolean.FALSE) @Nullable Long x,
            @JsonProperty(value = "O", isRequired = OptBoolean.FALSE) @Nullable Long o,
            @Nullable Seat running,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long turnStartedAt,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long deadlineAt,
            @Nullable Seat flagged) {}

    /** One move of the current game. */
    public record MoveEntry(Seat seat, int cell, String id) {}

    /** How a game ended: no winner is a draw, no line a game not won on a line. */
    public record Result(@Nullable Seat winner, ResultReason reason, List<Integer> line) {
        public Result {
            line = List.copyOf(line);
        }
    }

    /** Who sits in each seat; a seat is null when empty. */
    public record Players(
            @JsonProperty("X") @Nullable Player x, @JsonProperty("O") @Nullable Player o) {
        public @Nullable Player seat(Seat seat) {
            return seat == Seat.X ? x : seat == Seat.O ? o : null;
        }
    }

    /** A seated player; a dropped one's seat is held until {@code graceUntil}. */
    public record Player(
            String name,
            PlayerKind kind,
            @Nullable BotLevel level,
            boolean connected,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long graceUntil) {}

    /** Games won by each seat, and draws, over the series in this room. */
    public record Score(@JsonProperty("X") int x, @JsonProperty("O") int o, int draws) {
        public Score {
            Json.range("X", x, 0, Integer.MAX_VALUE);
            Json.range("O", o, 0, Integer.MAX_VALUE);
            Json.range("draws", draws, 0, Integer.MAX_VALUE);
        }
    }
}
