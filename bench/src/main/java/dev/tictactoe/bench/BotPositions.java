package dev.tictactoe.bench;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.TacticsProbe;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.time.Duration;
import java.util.SplittableRandom;

/** Seeded mid-game positions for the bot benchmarks: plausible play, nothing decided yet. */
final class BotPositions {

    private BotPositions() {}

    /**
     * A position from MEDIUM playing itself (seeded, from a random first move near the centre): the
     * last one, at most {@code stones} moves in, with no win in one for either side, so the bot has
     * to think.
     */
    static Board near(Rules rules, int stones, long seed) {
        Bot bot = new Bot();
        SplittableRandom random = new SplittableRandom(seed);
        int centre = rules.size() / 2;
        Board board = new Board(rules);
        board.play(rules.cell(centre + random.nextInt(-1, 2), centre + random.nextInt(-1, 2)));
        Board quiet = board.copy();
        while (board.moveCount() < stones && !board.isOver()) {
            board.play(
                    bot.choose(board, BotLevel.MEDIUM, Duration.ZERO, seed + board.moveCount())
                            .cell());
            if (!board.isOver() && TacticsProbe.quiet(board)) {
                quiet = board.copy();
            }
        }
        return quiet;
    }

    /** Rules from "N:k" or "NxNkK" (e.g. "15:5", "5x5k4"). */
    static Rules parse(String variant) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(\\d+)(?:x\\1)?[:k](\\d+)").matcher(variant);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "bad board '" + variant + "', use e.g. 5:4 or 5x5k4");
        }
        return new Rules(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
}
