package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.TacticsProbe;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.util.Map;

/**
 * {@code replay [board=15:5] [nodes=100000] [from=0] [b=baseline | b=brain b.cmd=...] moves="1. h8
 * j9 2. g6 ..."} (or {@code moves=h8,j9,g6}): replays a game (as the match prints it with {@code
 * show=lost}) and before each move from {@code from} on prints the move played, what HARD would
 * play with its score, depth and note, with {@code b=} what that engine plays (a brain or a tagged
 * baseline, as in a match, at {@code nodes} too), and whether the side to move wins by threats
 * ("vcf", "vct") or would lose to continuous fours if it passed ("threatened").
 */
final class ReplayCommand {

    private static final long PROBE_NODES = 200_000;

    private ReplayCommand() {}

    static void run(String[] args) {
        Map<String, String> opts = Notation.options(args);
        Rules rules = Notation.rules(opts.getOrDefault("board", "15:5"));
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "100000"));
        opts.putIfAbsent("b.nodes", String.valueOf(nodes));
        int from = Integer.parseInt(opts.getOrDefault("from", "0"));
        MatchPlayer other = opts.containsKey("b") ? MatchPlayer.of(opts, "b", "", rules) : null;
        Bot bot = new Bot();
        Board board = new Board(rules);
        for (int move : Notation.cells(rules, opts.getOrDefault("moves", ""))) {
            if (board.moveCount() >= from && !board.isOver()) {
                BotMove hard = bot.chooseWithNodes(board, BotLevel.HARD, nodes, 1);
                String theirs =
                        other == null
                                ? ""
                                : other.engine() + " " + name(rules, other.move(bot, board, 1));
                System.out.printf(
                        "%3d %s %-4s hard %-4s %11d d%-2d %-34s %s %s%n",
                        board.moveCount() + 1,
                        board.toMove(),
                        Notation.name(rules.size(), move),
                        name(rules, hard),
                        hard.score(),
                        hard.depth(),
                        hard.note(),
                        theirs,
                        TacticsProbe.handles(rules) ? tactic(board) : "");
            }
            board.play(move);
        }
        System.out.println(board);
        if (other != null) {
            other.close();
        }
    }

    private static String name(Rules rules, BotMove move) {
        return Notation.name(rules.size(), move.cell());
    }

    private static String tactic(Board board) {
        int win = TacticsProbe.win(board, PROBE_NODES);
        String s = win == 0 ? "vcf" : win == 1 ? "vct" : "";
        return TacticsProbe.threatened(board, PROBE_NODES) ? s + " threatened" : s;
    }
}
