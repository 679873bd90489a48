package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code replay [board=15:5] [nodes=100000] [from=0] moves="1. h8 j9 2. g6 ..."} (or {@code
 * moves=h8,j9,g6}): replays a game (as printed by the match runner's {@code show=lost}) and before
 * each move from {@code from} on prints the move played, what HARD and the legacy engine would play
 * with their score, depth and note, and whether the side to move wins by threats ("vcf", "vct") or
 * would lose to continuous fours if it passed ("threatened").
 */
final class ReplayCommand {

    private static final long PROBE_NODES = 200_000;

    private ReplayCommand() {}

    public static void main(String[] args) {
        Map<String, String> opts = options(args);
        String[] nk = opts.getOrDefault("board", "15:5").split(":");
        Rules rules = new Rules(Integer.parseInt(nk[0]), Integer.parseInt(nk[1]));
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "100000"));
        int from = Integer.parseInt(opts.getOrDefault("from", "0"));
        Bot bot = new Bot();
        LegacyHard legacy = new LegacyHard();
        Board board = new Board(rules);
        for (int move : cells(rules, opts.getOrDefault("moves", ""))) {
            if (board.moveCount() >= from && !board.isOver()) {
                BotMove hard = bot.chooseWithNodes(board, Level.HARD, nodes, 1);
                BotMove old = legacy.choose(board, Long.MAX_VALUE, nodes, 1);
                System.out.printf(
                        "%3d %s %-4s hard %-4s %11d d%-2d %-34s legacy %-4s %11d d%-2d %s%n",
                        board.moveCount() + 1,
                        board.toMove(),
                        name(rules, move),
                        name(rules, hard.cell()),
                        hard.score(),
                        hard.depth(),
                        hard.note(),
                        name(rules, old.cell()),
                        old.score(),
                        old.depth(),
                        PatternBoard.handles(rules.winLength()) ? tactic(board) : "");
            }
            board.play(move);
        }
        System.out.println(board);
    }

    private static String tactic(Board board) {
        int win = TacticsProbe.win(board, PROBE_NODES);
        String s = win == 0 ? "vcf" : win == 1 ? "vct" : "";
        return TacticsProbe.threatened(board, PROBE_NODES) ? s + " threatened" : s;
    }

    /** Arguments written {@code name=value} (or a bare name, for an empty value), by name. */
    static Map<String, String> options(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (String arg : args) {
            String[] kv = arg.split("=", 2);
            opts.put(kv[0], kv.length > 1 ? kv[1] : "");
        }
        return opts;
    }

    /**
     * The cells of a game written as the match runner prints it ("1. h8 j9 2. g6") or as a list
     * ("h8,j9,g6"); move numbers are skipped.
     */
    static int[] cells(Rules rules, String moves) {
        return Arrays.stream(moves.trim().split("[\\s,]+"))
                .filter(t -> !t.isEmpty() && !t.endsWith("."))
                .mapToInt(t -> cell(rules, t))
                .toArray();
    }

    /** The cell named like "h8" (column letter from a, row from 1). */
    static int cell(Rules rules, String text) {
        return rules.cell(Integer.parseInt(text.substring(1)) - 1, text.charAt(0) - 'a');
    }

    static String name(Rules rules, int cell) {
        return MatchCommand.cellName(rules.size(), cell);
    }
}
