package dev.tictactoe.server.room;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/** Renders a room into the protocol's snapshot, reusing the unchanged parts of the previous one. */
final class Snapshots {

    /** The empty row of each board size, shared by every snapshot of an idle room. */
    private static final String[] EMPTY_ROWS =
            IntStream.rangeClosed(0, Rules.MAX_SIZE).mapToObj("."::repeat).toArray(String[]::new);

    private Snapshots() {}

    static Snapshot of(String code, long version, RoomCore core, @Nullable Snapshot previous) {
        Match match = core.match;
        Board board = match.board;
        Match.Result result = match.result;
        Snapshot.Players before = previous == null ? null : previous.players();
        Snapshot.Player x = player(core.seats.get(Seat.X), before == null ? null : before.x());
        Snapshot.Player o = player(core.seats.get(Seat.O), before == null ? null : before.o());
        Snapshot.Players players =
                before != null && Objects.equals(before.x(), x) && Objects.equals(before.o(), o)
                        ? before
                        : new Snapshot.Players(x, o);
        return new Snapshot(
                version,
                code,
                // A room's settings never change.
                previous == null ? settings(core.settings) : previous.settings(),
                match.game,
                match.status,
                match.turn(),
                rows(board, previous == null ? null : previous.board()),
                moves(board, match, previous == null ? null : previous.moves()),
                board.moveCount() == 0 ? null : board.lastMove(),
                same(
                        result == null
                                ? null
                                : new Snapshot.Result(
                                        result.winner(), result.reason(), result.line()),
                        previous == null ? null : previous.result()),
                players,
                core.spectators,
                score(match, previous == null ? null : previous.score()),
                match.undoRequest,
                rematch(match, previous == null ? null : previous.rematch()),
                same(clock(core.settings, match), previous == null ? null : previous.clock()),
                match.claimableAt());
    }

    /** The previous part when equal, so old objects stay old for the diff. */
    private static <T> @Nullable T same(@Nullable T now, @Nullable T before) {
        return now != null && now.equals(before) ? before : now;
    }

    private static Snapshot.Settings settings(RoomSettings settings) {
        return new Snapshot.Settings(
                settings.rules().size(),
                settings.rules().winLength(),
                settings.first(),
                settings.earlyDraw(),
                settings.spectators(),
                settings.clock() == null ? null : settings.clock().toString());
    }

    private static List<Seat> rematch(Match match, @Nullable List<Seat> before) {
        if (match.rematchOffers.isEmpty()) {
            return List.of();
        }
        List<Seat> now = List.copyOf(match.rematchOffers);
        return before != null && now.equals(before) ? before : now;
    }

    /** Compared field by field, as players are: a render per move makes no record it drops. */
    private static Snapshot.Score score(Match match, Snapshot.@Nullable Score before) {
        int x = match.wins(Seat.X);
        int o = match.wins(Seat.O);
        int draws = match.draws;
        return before != null && before.x() == x && before.o() == o && before.draws() == draws
                ? before
                : new Snapshot.Score(x, o, draws);
    }

    private static Snapshot.@Nullable Clock clock(RoomSettings settings, Match match) {
        if (settings.clock() == null) {
            return null;
        }
        if (match.time.clock == null) {
            // Not started yet: both sides full, nothing running.
            Long full = settings.clock().hasGameClock() ? settings.clock().base().toMillis() : null;
            return new Snapshot.Clock(
                    settings.clock().toString(), full, full, null, null, null, null);
        }
        return match.time.clock.view();
    }

    private static List<String> rows(Board board, @Nullable List<String> previous) {
        int size = board.rules().size();
        String[] rows = new String[size];
        char[] row = new char[size];
        List<String> comparable = previous != null && previous.size() == size ? previous : null;
        boolean changed = comparable == null;
        for (int r = 0; r < size; r++) {
            // No previous row: an empty string, which no row equals.
            String before = comparable == null ? "" : comparable.get(r);
            boolean same = before.length() == size;
            boolean empty = true;
            for (int c = 0; c < size; c++) {
                Seat mark = board.at(r * size + c);
                row[c] = mark == null ? '.' : mark == Seat.X ? 'X' : 'O';
                same = same && before.charAt(c) == row[c];
                empty = empty && mark == null;
            }
            rows[r] = same ? before : empty ? EMPTY_ROWS[size] : new String(row);
            changed |= !same;
        }
        return changed || comparable == null ? List.of(rows) : comparable;
    }

    private static List<Snapshot.MoveEntry> moves(
            Board board, Match match, @Nullable List<Snapshot.MoveEntry> previous) {
        int count = board.moveCount();
        List<Snapshot.MoveEntry> kept = previous == null ? List.of() : previous;
        Snapshot.MoveEntry[] moves = new Snapshot.MoveEntry[count];
        boolean changed = previous == null || kept.size() != count;
        for (int ply = 0; ply < count; ply++) {
            int cell = board.moveAt(ply);
            // A played cell holds its stone until the move is taken back.
            Seat seat = Objects.requireNonNull(board.at(cell));
            String id = match.moveId(ply);
            Snapshot.MoveEntry before = ply < kept.size() ? kept.get(ply) : null;
            if (before != null
                    && before.cell() == cell
                    && before.seat() == seat
                    && Objects.equals(before.id(), id)) {
                moves[ply] = before;
            } else {
                moves[ply] = new Snapshot.MoveEntry(seat, cell, id);
                changed = true;
            }
        }
        return changed || previous == null ? List.of(moves) : previous;
    }

    private static Snapshot.@Nullable Player player(
            @Nullable Occupant seat, Snapshot.@Nullable Player before) {
        if (seat == null) {
            return null;
        }
        PlayerKind kind = seat.botPlays() ? PlayerKind.BOT : PlayerKind.HUMAN;
        BotLevel level = seat.bot();
        if (before != null
                && before.name().equals(seat.name())
                && before.kind() == kind
                && before.level() == level
                && before.connected() == seat.present()
                && Objects.equals(before.graceUntil(), seat.graceUntil())) {
            return before;
        }
        return new Snapshot.Player(seat.name(), kind, level, seat.present(), seat.graceUntil());
    }
}
