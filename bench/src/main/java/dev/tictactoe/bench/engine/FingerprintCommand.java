package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.FixedDepth;
import dev.tictactoe.server.bot.TacticsProbe;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * {@code fingerprint [positions=40] [nodes=3000]}: a hash of everything the engine decides, so a
 * refactoring can show that it plays the same. On a fixed set of positions per board (from seeded
 * random play that knows nothing of the engine) every level chooses a move under a node budget;
 * prints per level the count and hashes of the moves, of the values (score, depth, nodes, exact)
 * and of the notes, then the same for the threat probes and for {@link Analysis} of seeded random
 * games.
 */
final class FingerprintCommand {

    private static final List<Rules> BOARDS =
            List.of(
                    new Rules(3, 3),
                    new Rules(4, 3),
                    new Rules(4, 4),
                    new Rules(5, 4),
                    new Rules(7, 4),
                    new Rules(7, 5),
                    new Rules(9, 4),
                    new Rules(15, 5),
                    new Rules(19, 6));

    private FingerprintCommand() {}

    static void run(String[] args) {
        Map<String, String> opts = Notation.options(args);
        int perBoard = Integer.parseInt(opts.getOrDefault("positions", "40"));
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "3000"));
        long started = System.nanoTime();
        List<Board> positions = new ArrayList<>();
        for (Rules rules : BOARDS) {
            for (int i = 0; i < perBoard; i++) {
                positions.add(position(rules, 1000L * rules.size() + 10L * rules.winLength() + i));
            }
        }
        Bot bot = new Bot();
        Bot noBook = new Bot(false);
        report("easy", positions, b -> bot.chooseWithNodes(b, BotLevel.EASY, nodes, seed(b)));
        report("medium", positions, b -> bot.chooseWithNodes(b, BotLevel.MEDIUM, nodes, seed(b)));
        report("hard", positions, b -> bot.chooseWithNodes(b, BotLevel.HARD, nodes, seed(b)));
        report("perfect", positions, b -> bot.chooseWithNodes(b, BotLevel.PERFECT, nodes, seed(b)));
        report(
                "hard-nobook",
                positions,
                b -> noBook.chooseWithNodes(b, BotLevel.HARD, nodes, seed(b)));
        report("depth2", positions, b -> FixedDepth.search(bot, b, 2, seed(b)));
        report("evaluate", positions, b -> bot.evaluate(b, nodes, seed(b)));
        List<Board> threatBoards =
                positions.stream().filter(b -> TacticsProbe.handles(b.rules())).toList();
        Hash probes = new Hash();
        for (Board b : threatBoards) {
            probes.add(TacticsProbe.threatNodes(b, false, 4, nodes));
            probes.add(TacticsProbe.threatNodes(b, true, 4, nodes));
            probes.add(TacticsProbe.win(b, nodes));
            probes.add(TacticsProbe.threatenedByThreats(b, nodes) ? 1 : 0);
            int move = bot.chooseWithNodes(b, BotLevel.MEDIUM, nodes, seed(b)).cell();
            probes.add(TacticsProbe.holds(b, move, nodes) ? 1 : 0);
            probes.add(TacticsProbe.keepsTheWin(b, move, nodes / 10) ? 1 : 0);
            probes.add(TacticsProbe.holdingMoves(b, nodes / 10, 3));
            probes.add(TacticsProbe.threatened(b, nodes) ? 1 : 0);
            probes.add(TacticsProbe.trivial(b) ? 1 : 0);
            probes.add(TacticsProbe.refutes(b, move, nodes) ? 1 : 0);
            probes.add(TacticsProbe.refutable(b, nodes / 10) ? 1 : 0);
        }
        System.out.printf("%-12s %4d %016x%n", "probes", threatBoards.size(), probes.value);
        Hash analysis = new Hash();
        int games = 0;
        for (Rules rules : List.of(Rules.CLASSIC, new Rules(4, 3), new Rules(7, 4), Rules.GOMOKU)) {
            for (int i = 0; i < 3; i++) {
                Board game = game(rules, 77L * rules.cells() + i);
                Analysis a = Analysis.of(rules, game.first(), game.moves(), bot, nodes);
                analysis.add(a.toString().hashCode());
                games++;
            }
        }
        System.out.printf("%-12s %4d %016x%n", "analysis", games, analysis.value);
        System.out.printf("(%.1f s)%n", (System.nanoTime() - started) / 1e9);
    }

    private static long seed(Board board) {
        return PositionKey.of(board) ^ board.moveCount();
    }

    private static void report(String name, List<Board> positions, Function<Board, BotMove> move) {
        Hash cells = new Hash();
        Hash values = new Hash();
        Hash notes = new Hash();
        for (Board b : positions) {
            BotMove m = move.apply(b);
            cells.add(m.cell());
            values.add(m.score());
            values.add(m.depth());
            values.add(m.nodes());
            values.add(m.exact() ? 1 : 0);
            values.add(m.level().ordinal());
            notes.add(m.note().hashCode());
        }
        System.out.printf(
                "%-12s %4d moves %016x values %016x notes %016x%n",
                name, positions.size(), cells.value, values.value, notes.value);
    }

    /** A position a few plies to mid game in, not over, from random play near the stones. */
    static Board position(Rules rules, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        while (true) {
            int plies = 1 + random.nextInt(Math.max(1, Math.min(rules.cells() * 2 / 3, 40)));
            Board board = new Board(rules, random.nextBoolean() ? Seat.X : Seat.O);
            while (board.moveCount() < plies && !board.isOver()) {
                board.play(nearMove(board, random));
            }
            if (!board.isOver()) {
                return board;
            }
        }
    }

    /** A finished game of random play near the stones. */
    static Board game(Rules rules, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Board board = new Board(rules);
        while (!board.isOver()) {
            board.play(nearMove(board, random));
        }
        return board;
    }

    // An empty cell within two of a stone (the centre on an empty board); any empty cell on
    // boards of 16 cells or fewer.
    private static int nearMove(Board board, SplittableRandom random) {
        Rules rules = board.rules();
        if (board.moveCount() == 0) {
            return rules.cell(rules.size() / 2, rules.size() / 2);
        }
        List<Integer> near = new ArrayList<>();
        for (int c = 0; c < rules.cells(); c++) {
            if (board.isEmpty(c) && (rules.cells() <= 16 || nearStone(board, c))) {
                near.add(c);
            }
        }
        return near.get(random.nextInt(near.size()));
    }

    private static boolean nearStone(Board board, int cell) {
        Rules rules = board.rules();
        for (int dr = -2; dr <= 2; dr++) {
            for (int dc = -2; dc <= 2; dc++) {
                int r = cell / rules.size() + dr;
                int c = cell % rules.size() + dc;
                if (r >= 0
                        && c >= 0
                        && r < rules.size()
                        && c < rules.size()
                        && !board.isEmpty(rules.cell(r, c))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An order-dependent 64-bit hash. */
    private static final class Hash {
        long value = 17;

        void add(long x) {
            value = value * 0x100000001B3L + x;
            value ^= value >>> 29;
        }
    }
}
