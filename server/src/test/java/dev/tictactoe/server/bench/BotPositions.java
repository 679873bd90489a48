package dev.tictactoe.server.bench;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;
import java.util.SplittableRandom;

/** Seeded mid-game positions for the bot benchmarks: stones near the centre, nothing decided. */
final class BotPositions {

    private BotPositions() {}

    /**
     * {@code stones} random stones around the centre, with no line and no win in one for either
     * side, so the bot has to think.
     */
    static Board near(Rules rules, int stones, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int size = rules.size();
        int centre = size / 2;
        int spread = Math.max(2, size / 4); // a 5×5 centre at least, room for a dozen stones
        while (true) {
            Board board = new Board(rules);
            int tries = 0;
            while (board.moveCount() < stones && !board.isOver() && tries++ < 10_000) {
                int r = Math.clamp(centre + random.nextInt(-spread, spread + 1), 0, size - 1);
                int c = Math.clamp(centre + random.nextInt(-spread, spread + 1), 0, size - 1);
                if (board.isEmpty(rules.cell(r, c))) {
                    board.play(rules.cell(r, c));
                }
            }
            if (!board.isOver() && board.moveCount() == stones && quiet(board)) {
                return board;
            }
        }
    }

    private static boolean quiet(Board board) {
        for (int c = 0; c < board.rules().cells(); c++) {
            if (board.isEmpty(c) && (board.wouldWin(c, Mark.X) || board.wouldWin(c, Mark.O))) {
                return false;
            }
        }
        return true;
    }

    /** Rules from "N:k" or "NxNkK" (e.g. "15:5", "5x5k4"). */
    static Rules parse(String variant) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(\\d+)(?:x\\1)?[:k](\\d+)").matcher(variant);
        if (!m.matches()) {
            throw new IllegalArgumentException("bad board '" + variant + "', use e.g. 5:4 or 5x5k4");
        }
        return new Rules(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }
}
