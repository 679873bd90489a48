package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;

/** The series of games played in one room: the current board, its result, the score and the record. */
final class Match {

    enum Status { WAITING, PLAYING, OVER }

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
    private final ArrayDeque<FinishedGame> finished = new ArrayDeque<>();

    Match(RoomSettings settings) {
        this.settings = settings;
        this.board = new Board(settings.rules(), settings.first());
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

    /** Both seats are filled: the first game starts, or a game abandoned by a leaver is replayed. */
    boolean startIfWaiting() {
        if (status == Status.WAITING) {
            status = Status.PLAYING;
            return true;
        }
        if (status == Status.OVER && result != null && "abandoned".equals(result.reason())) {
            nextGame();
            return true;
        }
        return false;
    }

    /** Validates a move by {@code seat} without changing anything; rules first, out of turn first of all. */
    void checkMove(Mark seat, int cell) {
        switch (status) {
            case WAITING -> throw new Rejection(ErrorCode.NOT_YOUR_TURN, "the game has not started: waiting for an opponent");
            case OVER -> throw new Rejection(ErrorCode.GAME_OVER, "the game is over; offer a rematch to play again");
            case PLAYING -> { }
        }
        if (board.toMove() != seat) {
            throw new Rejection(ErrorCode.NOT_YOUR_TURN, "it is " + board.toMove() + "'s turn, not " + seat + "'s");
        }
        int cells = settings.rules().cells();
        if (cell < 0 || cell >= cells) {
            throw new Rejection(ErrorCode.OUT_OF_RANGE, "cell " + cell + " is off the board (0.." + (cells - 1) + ")");
        }
        if (!board.isEmpty(cell)) {
            throw new Rejection(ErrorCode.CELL_TAKEN, "cell " + cell + " is already taken by " + board.at(cell));
        }
    }

    /** Plays a checked move; returns true if it ended the game. */
    boolean play(Mark seat, int cell, String id) {
        checkMove(seat, cell);
        boolean won = board.play(cell);
        moveIds.add(id);
        undoRequest = null;
        if (won) {
            finish(new Result(seat, "line", board.winningLine()));
        } else if (board.isFull()) {
            finish(new Result(null, "draw", null));
        } else if (settings.earlyDraw() && board.isDeadDraw()) {
            finish(new Result(null, "dead_draw", null));
        }
        return status == Status.OVER;
    }

    void resign(Mark seat) {
        requirePlaying();
        finish(new Result(seat.opponent(), "resign", null));
    }

    /** The player in {@code seat} left for good during a game: the opponent wins. */
    boolean abandon(Mark seat) {
        if (status != Status.PLAYING) {
            return false;
        }
        finish(new Result(seat.opponent(), "abandoned", null));
        return true;
    }

    void requestUndo(Mark seat) {
        requirePlaying();
        pliesToUndo(seat);
        undoRequest = seat;
    }

    /** Answers the opponent's pending takeback; returns the cells taken back (empty if declined). */
    List<Integer> answerUndo(Mark seat, boolean accept) {
        if (undoRequest == null || undoRequest == seat) {
            throw new Rejection(ErrorCode.NO_PENDING_REQUEST, "there is no takeback request from your opponent");
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

    /** Records a rematch offer; returns true when both have offered and the next game started. */
    boolean offerRematch(Mark seat, boolean opponentIsBot) {
        if (status != Status.OVER) {
            throw new Rejection(ErrorCode.GAME_NOT_OVER, "a rematch can be offered once the game is over");
        }
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
        Mark first = game % 2 == 1 ? settings.first() : settings.first().opponent();
        board = new Board(settings.rules(), first);
        moveIds.clear();
        result = null;
        undoRequest = null;
        rematchOffers.clear();
        status = Status.PLAYING;
    }

    private void finish(Result outcome) {
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

    private void requirePlaying() {
        if (status == Status.WAITING) {
            throw new Rejection(ErrorCode.NOT_YOUR_TURN, "the game has not started: waiting for an opponent");
        }
        if (status == Status.OVER) {
            throw new Rejection(ErrorCode.GAME_OVER, "the game is over");
        }
    }
}
