package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.time.Duration;
import java.util.List;

/**
 * Lets the bot think before its first real move: builds its pattern tables (one per win length) and
 * has the JIT compile its search. Cold, a first 200 ms search on 19×19 visited 26,000-38,000
 * positions (depth 5-6); after the warm-up 316,000-335,000 (depth 7-8).
 */
public final class BotWarmup {

    /** The boards a server searches: every win length the pattern engine has a table for. */
    public static final List<Rules> RULES =
            List.of(new Rules(15, 5), new Rules(19, 6), new Rules(9, 4));

    /** Thinking time of one search, within what is left of the warm-up's share. */
    static final Duration SEARCH = Duration.ofMillis(150);

    /** Searches of each board a server makes at most. */
    public static final int ROUNDS = 2;

    private BotWarmup() {}

    /**
     * Searches each of {@code boards} {@code rounds} times, or until {@code budget} has passed;
     * returns how many searches ran.
     */
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
