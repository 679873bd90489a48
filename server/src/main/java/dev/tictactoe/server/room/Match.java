package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.MoveTiming;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The series of games played in one room: the current board, its result, the score and the record.
 * It stays one file: the board, the game clock or idle-claim time, the result and the score change
 * together on every move, takeback and game end, and stay consistent here.
 */
final class Match {

    enum Status {
        WAITING,
        PLAYING,
        OVER
    }

    /** How a game ended; {@code winner} is null for a draw. */
    record Result(Mark winner, String reason, int[] line) {}

    /** Finished games kept for review; older ones drop off, the series score still counts them. */
    static final int KEPT_GAMES = 100;

    /** A finished game, kept for review. */
    record FinishedGame(int game, Mark first, int[] moves, Result result) {}

    private final RoomSettings settings;
    private Board board;
    private int game = 1;
    private Status status = Status.WAITING;
    private Result result;
    private final List<String> moveIds = new ArrayList<>();
    private int xWins;
    private int oWins;
    private int draws;
    private Mark undoRequest;
    private final EnumSet<Mark> rematchOffers = EnumSet.noneOf(Mark.class);

    /** Grows as games end: an idle room has none, and a default deque would hold room for 16. */
    private final ArrayDeque<FinishedGame> finished = new ArrayDeque<>(1);

    private final LongSupplier nanoTime;
    private final LongSupplier epochMillis;

    /** The current game's clock in a timed room, else null; a new one for every game. */
    private GameClock clock;

    private final Duration idleAfter;

    /** The current turn's claim rule in an untimed game, else null. */
    private IdleClaim idle;

    /** The instant the room's current task started: everything in one task happens at one time. */
    private long now;

    Match(RoomSettings settings) {
        this(settings, System::nanoTime, System::currentTimeMillis, IdleClaim.DEFAULT_AFTER);
    }

    /**
     * {@code nanoTime} measures the game clocks and idle time; {@code epochMillis} only shows their
     * times; {@code idleAfter} is how long the side to move may stay idle in an untimed game.
     */
    Match(
            RoomSettings settings,
            LongSupplier nanoTime,
            LongSupplier epochMillis,
            Duration idleAfter) {
        this.settings = settings;
        this.idleAfter = idleAfter;
        this.board = new Board(settings.rules(), settings.first());
        this.nanoTime = nanoTime;
        this.epochMillis = epochMillis;
        this.now = nanoTime.getAsLong();
    }

    /**
     * When the side to move may be claimed from (epoch ms), or null: only while playing untimed.
     */
    Long claimableAt() {
        return status == Status.PLAYING && idle != null ? idle.claimableAt() : null;
    }

    /**
     * {@code seat} claims the game from its idle opponent: it wins, reason abandoned. The caller
     * has checked that the opponent is not a bot.
     */
    void claim(Mark seat) {
        requirePlaying();
        if (settings.clock() != null) {
            throw new Rejection(
                    ErrorCode.CLAIM_NOT_ALLOWED,
                    "a game with a clock ends on time, not by a claim");
        }
        if (board.toMove() == seat) {
            throw new Rejection(ErrorCode.CLAIM_NOT_ALLOWED, "it is your own turn");
        }
        if (!idle.canClaim(now)) {
            long seconds = Math.ceilDiv(idle.untilClaimable(now).toMillis(), 1000);
            throw new Rejection(
                    ErrorCode.CLAIM_TOO_EARLY, "the game can be claimed in " + seconds + "s");
        }
        finish(new Result(seat, ResultReason.ABANDONED.wire(), null));
    }

    /** The current game's clock, or null in an untimed room or before the first game. */
    GameClock clock() {
        return clock;
    }

    /**
     * Reads the time for the task about to run and ends the game on time if the side to move has
     * run out by then; returns the seat that ran out, or null. The room calls it before anything
     * else it handles, so nothing counts after the flag.
     */
    Mark tick() {
        now = nanoTime.getAsLong();
        if (clock == null || status != Status.PLAYING) {
            return null;
        }
        Mark out = clock.flag(now);
        if (out != null) {
            // No line left for the other side either: nobody can win, so it is a draw.
            Mark winner = board.isCertainDraw() ? null : out.opponent();
            finish(new Result(winner, ResultReason.TIMEOUT.wire(), null));
        }
        return out;
    }

    Board board() {
        return board;
    }

    int game() {
        return game;
    }

    Status status() {
        return status;
    }

    Result result() {
        return result;
    }

    Mark first() {
        return board.first();
    }

    /** Whose turn it is, or null when no game is being played. */
    Mark turn() {
        return status == Status.PLAYING ? board.toMove() : null;
    }

    String moveId(int ply) {
        return moveIds.get(ply);
    }

    int wins(Mark mark) {
        return mark == Mark.X ? xWins : oWins;
    }

    int draws() {
        return draws;
    }

    Mark undoRequest() {
        return undoRequest;
    }

    EnumSet<Mark> rematchOffers() {
        return rematchOffers;
    }

    /** The kept finished games, oldest first. */
    Collection<FinishedGame> finished() {
        return finished;
    }

    /** The newest finished game, or null before the first ends. */
    FinishedGame lastFinished() {
        return finished.peekLast();
    }

    /**
     * Both seats are filled: the first game starts, or a game abandoned by a leaver is replayed.
     */
    boolean startIfWaiting() {
        if (status == Status.WAITING) {
            status = Status.PLAYING;
            startClock();
            return true;
        }
        if (status == Status.OVER && result != null && ResultReason.ABANDONED.is(result.reason())) {
            nextGame();
            return true;
        }
        return false;
    }

    /**
     * Validates a move by {@code seat} without changing anything; rules first, out of turn first of
     * all.
     */
    void checkMove(Mark seat, int cell) {
        switch (status) {
            case WAITING -> throw waiting();
            case OVER ->
                    throw new Rejection(
                            ErrorCode.GAME_OVER, "the game is over; offer a rematch to play again");
            case PLAYING -> {}
        }
        if (board.toMove() != seat) {
            throw new Rejection(
                    ErrorCode.NOT_YOUR_TURN,
                    "it is " + board.toMove() + "'s turn, not " + seat + "'s");
        }
        int cells = settings.rules().cells();
        if (cell < 0 || cell >= cells) {
            throw new Rejection(
                    ErrorCode.OUT_OF_RANGE,
                    "cell " + cell + " is off the board (0.." + (cells - 1) + ")");
        }
        if (!board.isEmpty(cell)) {
            throw new Rejection(
                    ErrorCode.CELL_TAKEN,
                    "cell " + cell + " is already taken by " + board.at(cell));
        }
    }

    /** Plays a checked move; returns true if it ended the game. */
    boolean play(Mark seat, int cell, String id) {
        checkMove(seat, cell);
        if (clock != null && clock.moved(seat, now) instanceof MoveTiming.Flagged) {
            // Cannot happen after tick() at the same instant; kept so no move ever counts after the
            // flag.
            finish(
                    new Result(
                            board.isCertainDraw() ? null : seat.opponent(),
                            ResultReason.TIMEOUT.wire(),
                            null));
            throw new Rejection(
                    ErrorCode.GAME_OVER, "the game is over: " + seat + " ran out of time");
        }
        boolean won = board.play(cell);
        turnStarted();
        moveIds.add(id);
        undoRequest = null;
        if (won) {
            finish(new Result(seat, ResultReason.LINE.wire(), board.winningLine()));
        } else if (board.isFull()) {
            finish(new Result(null, ResultReason.DRAW.wire(), null));
        } else if (settings.earlyDraw() && board.isCertainDraw()) {
            finish(new Result(null, ResultReason.DEAD_DRAW.wire(), null));
        }
        return status == Status.OVER;
    }

    void resign(Mark seat) {
        requirePlaying();
        finish(new Result(seat.opponent(), ResultReason.RESIGN.wire(), null));
    }

    /** The player in {@code seat} left for good during a game: the opponent wins. */
    boolean abandon(Mark seat) {
        if (status != Status.PLAYING) {
            return false;
        }
        finish(new Result(seat.opponent(), ResultReason.ABANDONED.wire(), null));
        return true;
    }

    void requestUndo(Mark seat) {
        requirePlaying();
        pliesToUndo(seat);
        undoRequest = seat;
    }

    /**
     * Answers the opponent's pending takeback; returns the cells taken back (empty if declined).
     */
    List<Integer> answerUndo(Mark seat, boolean accept) {
        if (undoRequest == null || undoRequest == seat) {
            throw new Rejection(
                    ErrorCode.NO_PENDING_REQUEST,
                    "there is no takeback request from your opponent");
        }
        Mark requester = undoRequest;
        undoRequest = null;
        return accept ? undo(requester) : List.of();
    }

    /** Takes back {@code seat}'s last move and any reply to it; returns the cells cleared. */
    List<Integer> undo(Mark seat) {
        requirePlaying();
        int plies = pliesToUndo(seat);
        List<Integer> cleared = new ArrayList<>(plies);
        for (int i = 0; i < plies; i++) {
            cleared.add(board.lastMove());
            board.undo();
            moveIds.remove(moveIds.size() - 1);
        }
        undoRequest = null;
        if (clock != null) {
            clock.undone(board.toMove(), now);
        }
        turnStarted();
        return cleared;
    }

    private int pliesToUndo(Mark seat) {
        int count = board.moveCount();
        if (count == 0) {
            throw new Rejection(ErrorCode.NOTHING_TO_UNDO, "no move has been played yet");
        }
        boolean lastIsMine = board.at(board.lastMove()) == seat;
        if (lastIsMine) {
            return 1;
        }
        if (count < 2) {
            throw new Rejection(ErrorCode.NOTHING_TO_UNDO, "you have not moved yet");
        }
        return 2;
    }

    /**
     * Records a rematch offer; returns true when both have offered and the next game started. An
     * offer already made changes nothing: the caller checks {@link #rematchOffers} first.
     */
    boolean offerRematch(Mark seat, boolean opponentIsBot) {
        if (status != Status.OVER) {
            throw new Rejection(
                    ErrorCode.GAME_NOT_OVER, "a rematch can be offered once the game is over");
        }
        if (!rematchOffers.add(seat) && !opponentIsBot) {
            return false;
        }
        if (opponentIsBot || rematchOffers.size() == 2) {
            nextGame();
            return true;
        }
        return false;
    }

    /**
     * An offer belongs to whoever made it: it goes when they leave the seat. Returns true if there
     * was one.
     */
    boolean withdrawRematch(Mark seat) {
        return rematchOffers.remove(seat);
    }

    static Rejection waiting() {
        return new Rejection(
                ErrorCode.WAITING_FOR_OPPONENT,
                "the game has not started: waiting for an opponent");
    }

    private void nextGame() {
        game++;
        // The first move alternates from game to game.
        Mark first = game % 2 == 1 ? settings.first() : settings.first().opponent();
        board = new Board(settings.rules(), first);
        moveIds.clear();
        result = null;
        undoRequest = null;
        rematchOffers.clear();
        status = Status.PLAYING;
        startClock();
    }

    /** In an untimed game every turn restarts the idle time. */
    private void turnStarted() {
        if (settings.clock() == null) {
            idle = IdleClaim.turnStarted(now, epochMillis.getAsLong(), idleAfter);
        }
    }

    /** A game starts: both clocks full, the first mover's time running; or the idle time starts. */
    private void startClock() {
        turnStarted();
        if (settings.clock() != null) {
            clock = new GameClock(settings.clock());
            clock.start(board.toMove(), now, epochMillis.getAsLong());
        }
    }

    private void finish(Result outcome) {
        if (clock != null) {
            clock.stop(now);
        }
        result = outcome;
        status = Status.OVER;
        undoRequest = null;
        if (outcome.winner() == Mark.X) {
            xWins++;
        } else if (outcome.winner() == Mark.O) {
            oWins++;
        } else {
            draws++;
        }
        finished.addLast(new FinishedGame(game, board.first(), board.moves(), outcome));
        if (finished.size() > KEPT_GAMES) {
            finished.removeFirst();
        }
    }

    /**
     * What a checkpoint keeps of the series, with the newest {@code finishedGames} finished games
     * (at most {@link #KEPT_GAMES}).
     */
    RoomState.MatchState state(int finishedGames) {
        return new RoomState.MatchState(
                game,
                status,
                board.first(),
                board.moves(),
                List.copyOf(moveIds),
                result,
                xWins,
                oWins,
                draws,
                undoRequest,
                List.copyOf(rematchOffers),
                newestFinished(finishedGames),
                clock == null ? null : clock.state(),
                idle == null
                        ? null
                        : new RoomState.IdleState(
                                idle.turnStartedNanos(),
                                idle.turnStartedAt(),
                                idle.after().toMillis()),
                idleAfter.toMillis());
    }

    // Copies only the games kept: this runs on the room's loop.
    private List<FinishedGame> newestFinished(int count) {
        return finished.stream().skip(Math.max(0, finished.size() - count)).toList();
    }

    /**
     * The series as a checkpoint left it, on the room's time line: the current game is replayed
     * move by move, its clock and idle time put back as they were. {@code idleAfter} applies when
     * the checkpoint does not say (an older one).
     */
    static Match restore(
            RoomSettings settings,
            RoomState.MatchState state,
            LongSupplier nanoTime,
            LongSupplier epochMillis,
            Duration idleAfter) {
        Match match =
                new Match(
                        settings,
                        nanoTime,
                        epochMillis,
                        state.idleAfterMillis() == null
                                ? idleAfter
                                : Duration.ofMillis(state.idleAfterMillis()));
        match.game = state.game();
        match.status = state.status();
        match.board = new Board(settings.rules(), state.first());
        for (int cell : state.moves()) {
            match.board.play(cell);
        }
        match.moveIds.addAll(state.moveIds());
        match.result = state.result();
        match.xWins = state.xWins();
        match.oWins = state.oWins();
        match.draws = state.draws();
        match.undoRequest = state.undoRequest();
        match.rematchOffers.addAll(state.rematchOffers());
        match.finished.addAll(state.finished());
        if (state.clock() != null && settings.clock() != null) {
            match.clock = GameClock.restore(settings.clock(), state.clock());
        }
        if (state.idle() != null) {
            RoomState.IdleState idle = state.idle();
            match.idle =
                    new IdleClaim(
                            idle.turnStartedNanos(),
                            idle.turnStartedAt(),
                            Duration.ofMillis(idle.afterMillis()));
        }
        if (match.status == Status.PLAYING && state.clock() == null && state.idle() == null) {
            // A checkpoint of the first format kept neither: the turn starts afresh, clocks full.
            match.startClock();
        }
        return match;
    }

    /**
     * The room is back after a restart and the wall clock moved {@code millis} while the game's
     * time stood still: the clock's and the idle claim's times shown move with it. True if a game
     * is running with either, so what members see changed.
     */
    boolean wallClockMoved(long millis) {
        if (status != Status.PLAYING || millis == 0) {
            return false;
        }
        boolean moved = false;
        if (clock != null && clock.running()) {
            clock.wallClockMoved(millis);
            moved = true;
        }
        if (idle != null) {
            idle =
                    new IdleClaim(
                            idle.turnStartedNanos(), idle.turnStartedAt() + millis, idle.after());
            moved = true;
        }
        return moved;
    }

    private void requirePlaying() {
        if (status == Status.WAITING) {
            throw waiting();
        }
        if (status == Status.OVER) {
            throw new Rejection(ErrorCode.GAME_OVER, "the game is over");
        }
    }
}
