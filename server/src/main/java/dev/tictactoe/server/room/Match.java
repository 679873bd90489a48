package dev.tictactoe.server.room;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.KInARow;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.IntStream;

/** The series of games in one room: board and time, result, score and finished games. */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
final class Match {

    /** How a game ended; {@code winner} is null for a draw, {@code line} empty without a line. */
    record Result(@Nullable Seat winner, ResultReason reason, List<Integer> line) {
        Result {
            line = line == null ? List.of() : line; // as older checkpoints wrote it
        }

        Result(@Nullable Seat winner, ResultReason reason) {
            this(winner, reason, List.of());
        }
    }

    /** Finished games kept for review; older ones drop off, the score still counts them. */
    static final int KEPT_GAMES = 100;

    private final RoomSettings settings;
    final TurnTime time;
    transient Board board;
    int game = 1;
    RoomStatus status = RoomStatus.WAITING;
    @Nullable Result result;
    private List<String> moveIds = new ArrayList<>();
    @Nullable Seat undoRequest;
    EnumSet<Seat> rematchOffers = EnumSet.noneOf(Seat.class);
    int xWins;
    int oWins;
    int draws;

    /** Kept finished games, oldest first (fewer beside an archive); a checkpoint keeps them. */
    final transient ArrayDeque<GameRecord> finished = new ArrayDeque<>(1);

    /** {@code idleAfter} is how long the side to move may stay idle in an untimed game. */
    Match(RoomSettings settings, Duration idleAfter) {
        this(settings, new TurnTime(settings.clock(), idleAfter), settings.first(), new int[0]);
    }

    /** The board is kept as its first mover and moves. */
    @JsonCreator
    private Match(
            @JsonProperty("settings") RoomSettings settings,
            @JsonProperty("time") TurnTime time,
            @JsonProperty("first") Seat first,
            @JsonProperty("moves") int[] moves) {
        this.settings = settings;
        this.time = time;
        this.board = new Board(settings.rules(), first);
        for (int cell : moves) {
            board.play(cell);
        }
    }

    @JsonProperty("first")
    Seat first() {
        return board.first();
    }

    @JsonProperty("moves")
    int[] moves() {
        return board.moves();
    }

    /** When the side to move may be claimed from (epoch ms): only while playing untimed. */
    @Nullable Long claimableAt() {
        return status == RoomStatus.PLAYING && time.idle != null ? time.idle.claimableAt() : null;
    }

    @Nullable Seat outOfTime() {
        return status == RoomStatus.PLAYING ? time.outOfTime() : null;
    }

    void timedOut() {
        GameClock clock = time.clock;
        Seat out = clock == null ? null : clock.flag(time.now);
        if (out == null) {
            throw new IllegalStateException("no clock has run out in game " + game);
        }
        // No line left for the other side either: nobody can win, so it is a draw.
        finish(new Result(board.isCertainDraw() ? null : out.opponent(), ResultReason.TIMEOUT));
    }

    @Nullable Seat turn() {
        return status == RoomStatus.PLAYING ? board.toMove() : null;
    }

    String moveId(int ply) {
        return moveIds.get(ply);
    }

    int wins(Seat mark) {
        return mark == Seat.X ? xWins : oWins;
    }

    /** Both seats are filled: the first game starts, or one abandoned by a leaver is replayed. */
    boolean startIfWaiting() {
        if (status == RoomStatus.WAITING) {
            status = RoomStatus.PLAYING;
            time.gameStarted(board.toMove());
            return true;
        }
        if (status == RoomStatus.OVER
                && result != null
                && result.reason() == ResultReason.ABANDONED) {
            nextGame();
            return true;
        }
        return false;
    }

    boolean play(Seat seat, int cell, String id) {
        boolean won = board.play(cell);
        time.moved(seat);
        moveIds.add(id);
        undoRequest = null;
        KInARow.Ending ending = KInARow.after(board, won, settings.earlyDraw());
        if (ending != null) {
            finish(
                    switch (ending) {
                        case LINE ->
                                new Result(seat, ResultReason.LINE, cells(board.winningLine()));
                        case FULL -> new Result(null, ResultReason.DRAW);
                        case DEAD_DRAW -> new Result(null, ResultReason.DEAD_DRAW);
                    });
        }
        return status == RoomStatus.OVER;
    }

    /** The player in {@code seat} left for good during a game: the opponent wins. */
    boolean abandon(Seat seat) {
        if (status != RoomStatus.PLAYING) {
            return false;
        }
        finish(new Result(seat.opponent(), ResultReason.ABANDONED));
        return true;
    }

    /** Takes back {@code seat}'s last move and any reply to it; returns the cells cleared. */
    List<Integer> undo(Seat seat) {
        int plies = board.at(board.lastMove()) == seat ? 1 : 2;
        List<Integer> cleared = new ArrayList<>(plies);
        for (int i = 0; i < plies; i++) {
            cleared.add(board.lastMove());
            board.undo();
            moveIds.remove(moveIds.size() - 1);
        }
        undoRequest = null;
        time.undone(board.toMove());
        return cleared;
    }

    boolean offerRematch(Seat seat, boolean opponentIsBot) {
        rematchOffers.add(seat);
        if (opponentIsBot || rematchOffers.size() == 2) {
            nextGame();
            return true;
        }
        return false;
    }

    private void nextGame() {
        game++;
        // The first move alternates from game to game.
        Seat first = game % 2 == 1 ? settings.first() : settings.first().opponent();
        board = new Board(settings.rules(), first);
        moveIds.clear();
        result = null;
        undoRequest = null;
        rematchOffers.clear();
        status = RoomStatus.PLAYING;
        time.gameStarted(first);
    }

    /** The game ends: the score and the kept games count it. */
    void finish(Result outcome) {
        time.stop();
        result = outcome;
        status = RoomStatus.OVER;
        undoRequest = null;
        if (outcome.winner() == Seat.X) {
            xWins++;
        } else if (outcome.winner() == Seat.O) {
            oWins++;
        } else {
            draws++;
        }
        finished.addLast(
                new GameRecord(
                        game,
                        board.first(),
                        cells(board.moves()),
                        outcome.winner(),
                        outcome.reason(),
                        outcome.line()));
        if (finished.size() > KEPT_GAMES) {
            finished.removeFirst();
        }
    }

    private static List<Integer> cells(int @Nullable [] cells) {
        return cells == null ? List.of() : IntStream.of(cells).boxed().toList();
    }

    /** Back after a restart: the wall clock moved {@code millis}; true if shown times moved. */
    boolean wallClockMoved(long millis) {
        return status == RoomStatus.PLAYING && millis != 0 && time.wallClockMoved(millis);
    }
}
