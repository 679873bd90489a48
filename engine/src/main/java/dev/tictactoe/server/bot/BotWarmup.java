package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.time.Duration;
import java.util.List;

/** Searches before the first real move, so the tables exist and the search is compiled. */
public final class BotWarmup {

    /** One board for each win length the pattern engine has a table for. */
    public static final List<Rules> RULES =
            List.of(new Rules(15, 5), new Rules(19, 6), new Rules(9, 4));

    static final Duration SEARCH = Duration.ofMillis(150);
    public static final int ROUNDS = 2;

    private BotWarmup() {}

    /** Searches each board {@code rounds} times or until {@code budget} is spent; how many ran. */
    public static int run(List<Rules> boards, Duration budget, int rounds) {
        long deadline = System.nanoTime() + budget.toNanos();
        Bot bot = new Bot();
        int searches = 0;
        for (int round = 0; round < rounds; round++) {
            for (Rules rules : boards) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return searches;
                }
                Board board = new Board(rules);
                // Next to the centre, not on it: no opening book answers there, so it is searched.
                int first = rules.cell(rules.size() / 2 - 1, rules.size() / 2);
                board.play(first);
                board.play(first + 1 + round % 2 * rules.size()); // beside it, then diagonal
                bot.choose(
                        board,
                        Level.HARD,
                        Duration.ofNanos(Math.min(left, SEARCH.toNanos())),
                        round);
                searches++;
            }
        }
        return searches;
    }
}
