package dev.tictactoe.server.room;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.ClockView;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Renders room state into the protocol's snapshot and game records. A render reuses the parts of
 * the previous snapshot that did not change, so the diff finds them by identity and a move late in
 * a long game costs what an early one does.
 */
final class Snapshots {

    /** The empty row of each board size, shared by every snapshot of an idle room. */
    private static final String[] EMPTY_ROWS = new String[Rules.MAX_SIZE + 1];

    static {
        for (int size = Rules.MIN_SIZE; size <= Rules.MAX_SIZE; size++) {
            EMPTY_ROWS[size] = ".".repeat(size);
        }
    }

    private Snapshots() {}

    /**
     * The room as its core has it; {@code previous} (or null) lends the parts that did not change.
     */
    static Snapshot of(String code, long version, RoomCore core, Snapshot previous) {
        RoomSettings settings = core.settings;
        Match match = core.match;
        Map<Mark, Occupant> seats = core.seats;
        int spectators = core.spectators;
        Board board = match.board;
        Mark turn = match.turn();
        Match.Result result = match.result;
        boolean first = previous == null;
        Snapshot.Players before = first ? null : previous.players();
        Snapshot.Player x = player(seats.get(Mark.X), before == null ? null : before.x());
        Snapshot.Player o = player(seats.get(Mark.O), before == null ? null : before.o());
        Snapshot.Players players =
                before != null && Objects.equals(before.x(), x) && Objects.equals(before.o(), o)
                        ? before
                        : new Snapshot.Players(x, o);
        return new Snapshot(
                version,
                code,
                // A room's settings never change.
                first ? settings(settings) : previous.settings(),
                match.game,
                status(match.status),
                Wire.seat(turn),
                rows(board, first ? null : previous.board()),
                moves(board, match, first ? null : previous.moves()),
                board.moveCount() == 0 ? null : board.lastMove(),
                same(
                        result == null
                                ? null
                                : new Snapshot.Result(
                                        Wire.seat(result.winner()),
                                        result.reason(),
                                        result.line() == null ? List.of() : cells(result.line())),
                        first ? null : previous.result()),
                players,
                spectators,
                score(match, first ? null : previous.score()),
                Wire.seat(match.undoRequest),
                rematch(match, first ? null : previous.rematch()),
                same(clock(settings, match), first ? null : previous.clock()),
                match.claimableAt());
    }

    /**
     * The previous part when it equals the new one, so old objects stay (no young collection copies
     * them again). Parts drawn at every move are compared field by field instead: a record's {@code
     * equals} costs more than the comparison.
     */
    private static <T> T same(T now, T before) {
        return now != null && now.equals(before) ? before : now;
    }

    private static Snapshot.Settings settings(RoomSettings settings) {
        return new Snapshot.Settings(
                settings.rules().size(),
                settings.rules().winLength(),
                Wire.seat(settings.first()),
                settings.earlyDraw(),
                settings.spectators(),
                settings.clock() == null ? null : settings.clock().toString());
    }

    private static List<Seat> rematch(Match match, List<Seat> before) {
        return match.rematchOffers.isEmpty()
                ? List.of()
                : same(match.rematchOffers.stream().map(Wire::seat).toList(), before);
    }

    private static Snapshot.Score score(Match match, Snapshot.Score before) {
        int x = match.wins(Mark.X);
        int o = match.wins(Mark.O);
        int draws = match.draws;
        return before != null && before.x() == x && before.o() == o && before.draws() == draws
                ? before
                : new Snapshot.Score(x, o, draws);
    }

    private static Snapshot.Clock clock(RoomSettings settings, Match match) {
        if (settings.clock() == null) {
            return null;
        }
        if (match.time.clock == null) {
            // Not started yet: both sides full, nothing running.
            Long full = settings.clock().hasGameClock() ? settings.clock().base().toMillis() : null;
            return new Snapshot.Clock(
                    settings.clock().toString(), full, full, null, null, null, null);
        }
        ClockView v = match.time.clock.view();
        return new Snapshot.Clock(
                v.control(),
                v.xMs(),
                v.oMs(),
                Wire.seat(v.running()),
                v.turnStartedAt(),
                v.deadlineAt(),
                Wire.seat(v.flagged()));
    }

    /**
     * The newest {@link Match#KEPT_GAMES} finished games for the {@code history} message, oldest
     * first: {@code archived}, and from memory any game the archive lacks.
     */
    static List<GameRecord> history(Match match, List<GameRecord> archived) {
        TreeMap<Integer, GameRecord> games = new TreeMap<>();
        for (Match.FinishedGame game : match.finished) {
            Match.Result r = game.result();
            games.put(
                    game.game(),
                    new GameRecord(
                            game.game(),
                            Wire.seat(game.first()),
                            cells(game.moves()),
                            Wire.seat(r.winner()),
                            r.reason(),
                            r.line() == null ? List.of() : cells(r.line())));
        }
        archived.forEach(game -> games.put(game.game(), game));
        while (games.size() > Match.KEPT_GAMES) {
            games.pollFirstEntry();
        }
        return new ArrayList<>(games.values());
    }

    private static List<String> rows(Board board, List<String> previous) {
        int size = board.rules().size();
        String[] rows = new String[size];
        char[] row = new char[size];
        boolean comparable = previous != null && previous.size() == size;
        boolean changed = !comparable;
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) {
                Mark mark = board.at(r * size + c);
                row[c] = mark == null ? '.' : mark == Mark.X ? 'X' : 'O';
            }
            String before = comparable ? previous.get(r) : null;
            if (before != null && before.contentEquals(CharBuffer.wrap(row))) {
                rows[r] = before;
            } else if (EMPTY_ROWS[size].contentEquals(CharBuffer.wrap(row))) {
                rows[r] = EMPTY_ROWS[size];
                changed = true;
            } else {
                rows[r] = new String(row);
                changed = true;
            }
        }
        return changed ? List.of(rows) : previous;
    }

    private static List<Snapshot.MoveEntry> moves(
            Board board, Match match, List<Snapshot.MoveEntry> previous) {
        int count = board.moveCount();
        int kept = previous == null ? 0 : previous.size();
        Snapshot.MoveEntry[] moves = new Snapshot.MoveEntry[count];
        boolean changed = previous == null || kept != count;
        for (int ply = 0; ply < count; ply++) {
            int cell = board.moveAt(ply);
            Seat seat = Wire.seat(board.at(cell));
            String id = match.moveId(ply);
            Snapshot.MoveEntry before = ply < kept ? previous.get(ply) : null;
            boolean same =
                    before != null
                            && before.cell() == cell
                            && before.seat() == seat
                            && Objects.equals(before.id(), id);
            moves[ply] = same ? before : new Snapshot.MoveEntry(seat, cell, id);
            changed |= !same;
        }
        return changed ? List.of(moves) : previous;
    }

    private static Snapshot.Player player(Occupant seat, Snapshot.Player before) {
        if (seat == null) {
            return null;
        }
        PlayerKind kind = seat.isBot() ? PlayerKind.BOT : PlayerKind.HUMAN;
        BotLevel level = Wire.level(seat.bot);
        if (before != null
                && before.name().equals(seat.name)
                && before.kind() == kind
                && before.level() == level
                && before.connected() == seat.connected()
                && Objects.equals(before.graceUntil(), seat.graceUntil)) {
            return before;
        }
        return new Snapshot.Player(seat.name, kind, level, seat.connected(), seat.graceUntil);
    }

    private static RoomStatus status(Match.Status status) {
        return switch (status) {
            case WAITING -> RoomStatus.WAITING;
            case PLAYING -> RoomStatus.PLAYING;
            case OVER -> RoomStatus.OVER;
        };
    }

    private static List<Integer> cells(int[] cells) {
        return IntStream.of(cells).boxed().toList();
    }
}
