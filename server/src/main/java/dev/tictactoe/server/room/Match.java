package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.KInARow;
import dev.tictactoe.server.game.Mark;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalLong;

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
    record Result(Mark winner, ResultReason reason, int[] line) {}

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

    /** The current game's clock in a timed room, else null; a new one for every game. */
    private GameClock clock;

    private final Duration idleAfter;

    /** The current turn's claim rule in an untimed game, else null. */
    private IdleClaim idle;

    /**
     * The instant of the command at hand, monotonic and wall clock: a command happens at one time.
     */
    private long now;

    private long nowMillis;

    Match(RoomSettings settings) {
        this(settings, IdleClaim.DEFAULT_AFTER);
    }

    /** {@code idleAfter} is how long the side to move may stay idle in an untimed game. */
    Match(RoomSettings settings, Duration idleAfter) {
        this.settings = settings;
        this.idleAfter = idleAfter;
        this.board = new Board(settings.rules(), settings.first());
    }

    /**
     * The command at hand happens at {@code nanos} on the room's time line, {@code millis} on the
     * wall.
     */
    void at(long nanos, long millis) {
        now = nanos;
        nowMillis = millis;
    }

    /**
     * When the side to move may be claimed from (epoch ms), or null: only while playing untimed.
     */
    Long claimableAt() {
        return status == Status.PLAYING && idle != null ? idle.claimableAt() : null;
    }

    /** Why {@code seat} may not claim the game from its idle opponent now, or null. */
    Outcome.Refused checkClaim(Mark seat) {
        Outcome.Refused refused = checkPlaying();
        if (refused != null) {
            return refused;
        }
        if (settings.clock() != null) {
            return new Outcome.Refused(
                    ErrorCode.CLAIM_NOT_ALLOWED,
                    "a game with a clock ends on time, not by a claim");
        }
        if (board.toMove() == seat) {
            return new Outcome.Refused(ErrorCode.CLAIM_NOT_ALLOWED, "it is your own turn");
        }
        if (!idle.canClaim(now)) {
            long seconds = Math.ceilDiv(idle.untilClaimable(now).toMillis(), 1000);
            return new Outcome.Refused(
                    ErrorCode.CLAIM_TOO_EARLY, "the game can be claimed in " + seconds + "s");
        }
        return null;
    }

    /** {@code seat} claims the game from its idle opponent (checked): it wins, reason abandoned. */
    void claim(Mark seat) {
        finish(new Result(seat, ResultReason.ABANDONED, null));
    }

    /** The current game's clock, or null in an untimed room or before the first game. */
    GameClock clock() {
        return clock;
    }

    /** The side to move if it has run out of time by now, else null. Changes nothing. */
    Mark outOfTime() {
        if (clock == null || status != Status.PLAYING) {
            return null;
        }
        OptionalLong deadline = clock.deadline();
        return deadline.isPresent() && now >= deadline.getAsLong() ? clock.turn() : null;
    }

    /** Ends the game on time ({@link #outOfTime} said so); returns the seat that ran out. */
    Mark timedOut() {
        Mark out = clock.flag(now);
        // No line left for the other side either: nobody can win, so it is a draw.
        Mark winner = board.isCertainDraw() ? null : out.opponent();
        finish(new Result(winner, ResultReason.TIMEOUT, null));
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
        if (status == Status.OVER && result != null && result.reason() == ResultReason.ABANDONED) {
            nextGame();
            return true;
        }
        return false;
    }

    /**
     * Why {@code seat} may not play {@code cell}, or null when it may; the game's state first, out
     * of turn first of the rules.
     */
    Outcome.Refused checkMove(Mark seat, int cell) {
        switch (status) {
            case WAITING -> {
                return waiting();
            }
            case OVER -> {
                return new Outcome.Refused(
                        ErrorCode.GAME_OVER, "the game is over; offer a rematch to play again");
            }
            case PLAYING -> {}
        }
        KInARow.Illegal illegal = KInARow.check(board, seat, cell);
        if (illegal == null) {
            return null;
        }
        return switch (illegal) {
            case NOT_YOUR_TURN ->
                    new Outcome.Refused(
                            ErrorCode.NOT_YOUR_TURN,
                            "it is " + board.toMove() + "'s turn, not " + seat + "'s");
            case OUT_OF_RANGE ->
                    new Outcome.Refused(
                            ErrorCode.OUT_OF_RANGE,
                            "cell "
                                    + cell
                                    + " is off the board (0.."
                                    + (settings.rules().cells() - 1)
                                    + ")");
            case CELL_TAKEN ->
                    new Outcome.Refused(
                            ErrorCode.CELL_TAKEN,
                            "cell " + cell + " is already taken by " + board.at(cell));
        };
    }

    /** Plays a checked move; returns true if it ended the game. */
    boolean play(Mark seat, int cell, String id) {
        if (clock != null) {
            clock.moved(seat, now);
        }
        boolean won = board.play(cell);
        turnStarted();
        moveIds.add(id);
        undoRequest = null;
        KInARow.Ending ending = KInARow.after(board, won, settings.earlyDraw());
        if (ending != null) {
            finish(
                    switch (ending) {
                        case LINE -> new Result(seat, ResultReason.LINE, board.winningLine());
                        case FULL -> new Result(null, ResultReason.DRAW, null);
                        case DEAD_DRAW -> new Result(null, ResultReason.DEAD_DRAW, null);
                    });
        }
        return status == Status.OVER;
    }

    /** {@code seat} resigns a game in progress (checked by {@link #checkPlaying}). */
    void resign(Mark seat) {
        finish(new Result(seat.opponent(), ResultReason.RESIGN, null));
    }

    /** The player in {@code seat} left for good during a game: the opponent wins. */
    boolean abandon(Mark seat) {
        if (status != Status.PLAYING) {
            return false;
        }
        finish(new Result(seat.opponent(), ResultReason.ABANDONED, null));
        return true;
    }

    /** Why {@code seat} may not take back its last move (or ask to), or null. */
    Outcome.Refused checkUndo(Mark seat) {
        Outcome.Refused refused = checkPlaying();
        if (refused != null) {
            return refused;
        }
        int count = board.moveCount();
        if (count == 0) {
            return new Outcome.Refused(ErrorCode.NOTHING_TO_UNDO, "no move has been played yet");
        }
        if (count < 2 && board.at(board.lastMove()) != seat) {
            return new Outcome.Refused(ErrorCode.NOTHING_TO_UNDO, "you have not moved yet");
        }
        return null;
    }

    /** {@code seat} asks its opponent to take back its last move (checked). */
    void requestUndo(Mark seat) {
        undoRequest = seat;
    }

    /** Why {@code seat} may not answer a takeback request, or null. */
    Outcome.Refused checkAnswer(Mark seat) {
        if (undoRequest == null || undoRequest == seat) {
            return new Outcome.Refused(
                    ErrorCode.NO_PENDING_REQUEST,
                    "there is no takeback request from your opponent");
        }
        return checkUndo(undoRequest);
    }

    /**
     * Answers the opponent's pending takeback (checked); returns the cells taken back (empty if
     * declined).
     */
    List<Integer> answerUndo(boolean accept) {
        Mark requester = undoRequest;
        undoRequest = null;
        return accept ? undo(requester) : List.of();
    }

    /**
     * Takes back {@code seat}'s last move and any reply to it (checked); returns the cells cleared.
     */
    List<Integer> undo(Mark seat) {
        int plies = board.at(board.lastMove()) == seat ? 1 : 2;
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

    /**
     * Records a rematch offer once the game is over (checked); returns true when both have offered
     * (or the opponent is a bot) and the next game started.
     */
    boolean offerRematch(Mark seat, boolean opponentIsBot) {
        rematchOffers.add(seat);
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

    /** Why a game command may not be made now: no game is being played. Null while one is. */
    Outcome.Refused checkPlaying() {
        return switch (status) {
            case WAITING -> waiting();
            case OVER -> new Outcome.Refused(ErrorCode.GAME_OVER, "the game is over");
            case PLAYING -> null;
        };
    }

    private static Outcome.Refused waiting() {
        return new Outcome.Refused(
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
            idle = IdleClaim.turnStarted(now, nowMillis, idleAfter);
        }
    }

    /** A game starts: both clocks full, the first mover's time running; or the idle time starts. */
    private void startClock() {
        turnStarted();
        if (settings.clock() != null) {
            clock = new GameClock(settings.clock());
            clock.start(board.toMove(), now, nowMillis);
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
            Duration idleAfter,
            long nanos,
            long millis) {
        Match match =
                new Match(
                        settings,
                        state.idleAfterMillis() == null
                                ? idleAfter
                                : Duration.ofMillis(state.idleAfterMillis()));
        match.at(nanos, millis);
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
}
