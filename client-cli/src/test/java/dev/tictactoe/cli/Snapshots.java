package dev.tictactoe.cli;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

/** Room snapshots built by hand, for tests of what a client shows. */
public final class Snapshots {
    private Snapshots() {}

    /** {@code text} without its ANSI escape sequences, to measure or compare it. */
    public static String plain(String text) {
        return text.replaceAll("\u001b\\[[0-9;]*[A-Za-z]", "");
    }

    public static final Snapshot.Player ANA =
            new Snapshot.Player("ana", PlayerKind.HUMAN, null, true, null);
    public static final Snapshot.Player BEN =
            new Snapshot.Player("ben", PlayerKind.HUMAN, null, true, null);
    public static final Snapshot.Player BOT =
            new Snapshot.Player("bot (perfect)", PlayerKind.BOT, BotLevel.PERFECT, true, null);

    /** A room in {@code status} with this board; the moves list follows the board, X first. */
    public static Snapshot of(
            RoomStatus status,
            Seat turn,
            List<String> board,
            @Nullable Integer lastMove,
            Snapshot.@Nullable Result result,
            Snapshot.Player x,
            Snapshot.Player o) {
        int size = board.size();
        List<Snapshot.MoveEntry> moves = new ArrayList<>();
        for (int cell = 0; cell < size * size; cell++) {
            char c = board.get(cell / size).charAt(cell % size);
            if (c != '.') {
                moves.add(new Snapshot.MoveEntry(c == 'X' ? Seat.X : Seat.O, cell, "m" + cell));
            }
        }
        return new Snapshot(
                7,
                "K7MQ2P",
                new Snapshot.Settings(size, Math.min(size, 5), Seat.X, true, true, null),
                1,
                status,
                turn,
                board,
                moves,
                lastMove,
                result,
                new Snapshot.Players(x, o),
                2,
                new Snapshot.Score(1, 0, 3),
                null,
                List.of(),
                null,
                null);
    }

    /** A finished game: X won on the top row, ana against ben. */
    public static Snapshot xWonTopRow() {
        return of(
                RoomStatus.OVER,
                null,
                List.of("XXX", "OO.", "..."),
                2,
                new Snapshot.Result(Seat.X, ResultReason.LINE, List.of(0, 1, 2)),
                ANA,
                BEN);
    }

    public static Snapshot playing(Seat turn, String... rows) {
        return of(RoomStatus.PLAYING, turn, List.of(rows), null, null, ANA, BEN);
    }

    /** {@code s} in a timed room with {@code clock}, or untimed with a claim time. */
    public static Snapshot timed(Snapshot s, Snapshot.Clock clock, Long claimableAt) {
        Snapshot.Settings t = s.settings();
        return new Snapshot(
                s.version(),
                s.room(),
                new Snapshot.Settings(
                        t.size(),
                        t.winLength(),
                        t.first(),
                        t.earlyDraw(),
                        t.spectators(),
                        clock == null ? null : clock.control()),
                s.game(),
                s.status(),
                s.turn(),
                s.board(),
                s.moves(),
                s.lastMove(),
                s.result(),
                s.players(),
                s.spectators(),
                s.score(),
                s.undoRequest(),
                s.rematch(),
                clock,
                claimableAt);
    }
}
