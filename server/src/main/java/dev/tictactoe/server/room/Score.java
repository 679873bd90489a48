package dev.tictactoe.server.room;

import dev.tictactoe.server.game.Mark;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;

/** A series' score and its finished games kept for review. */
final class Score {

    /** Finished games kept for review; older ones drop off, the score still counts them. */
    static final int KEPT_GAMES = 100;

    record FinishedGame(int game, Mark first, int[] moves, Match.Result result) {}

    private int xWins;
    private int oWins;
    private int draws;

    /** Grows as games end: an idle room has none, and a default deque would hold room for 16. */
    private final ArrayDeque<FinishedGame> finished = new ArrayDeque<>(1);

    int wins(Mark mark) {
        return mark == Mark.X ? xWins : oWins;
    }

    int draws() {
        return draws;
    }

    /** The kept finished games, oldest first. */
    Collection<FinishedGame> finished() {
        return finished;
    }

    FinishedGame last() {
        return finished.peekLast();
    }

    void add(FinishedGame game) {
        Mark winner = game.result().winner();
        if (winner == Mark.X) {
            xWins++;
        } else if (winner == Mark.O) {
            oWins++;
        } else {
            draws++;
        }
        finished.addLast(game);
        if (finished.size() > KEPT_GAMES) {
            finished.removeFirst();
        }
    }

    /** The newest {@code count} finished games, copied: for a checkpoint. */
    List<FinishedGame> newest(int count) {
        return finished.stream().skip(Math.max(0, finished.size() - count)).toList();
    }

    void restore(int xWins, int oWins, int draws, List<FinishedGame> games) {
        this.xWins = xWins;
        this.oWins = oWins;
        this.draws = draws;
        finished.addAll(games);
    }
}
