package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.TacticsProbe;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code tactics audit from=MATCH_OUTPUT [board=15:5] [nodes=200000]}: where A lost each game it
 * lost, judged by deep threat searches. Walking A's moves from the start, the first that is one of:
 * "missed win" (A to move had a win by fours or by threes and fours and its move let it go), "let
 * through" (the opponent would win by threats were it to move, A's move did not stop it and another
 * move would have), or "no defence" (the same, but no move near the stones stops it: the position
 * was lost before, to a quiet move the threat search does not see). Else "unseen". Prints a line
 * per game and a count per category and colour, with the plies at which they happened.
 */
final class LossAudit {

    private static final Pattern GAME =
            Pattern.compile("^game \\d+, A is ([XO]), ([XO]) wins: (.*)$");

    /** The first ply A may be judged at: the opening stones are the runner's, not A's. */
    private static final int FIRST_PLY = 4;

    /** A game A lost, as the match runner printed it. */
    record LostGame(String header, Seat a, List<Integer> cells) {}

    private LossAudit() {}

    static void run(Map<String, String> opts) throws IOException {
        Rules rules = Notation.rules(opts.getOrDefault("board", "15:5"));
        long nodes = Long.parseLong(opts.getOrDefault("nodes", "200000"));
        String from = opts.get("from");
        if (from == null) {
            throw new IllegalArgumentException("audit needs from=<match output with games>");
        }
        Map<String, List<Integer>> plies = new TreeMap<>();
        for (LostGame game : lostGames(Files.readAllLines(Path.of(from)), rules)) {
            Verdict verdict = judge(game, rules, nodes);
            plies.computeIfAbsent(verdict.category() + ", " + game.a(), k -> new ArrayList<>())
                    .add(verdict.ply());
            System.out.println(game.header() + ": " + verdict.text());
        }
        System.out.println("lost games by where A lost them (category, A's colour: count; plies):");
        plies.forEach(
                (key, list) ->
                        System.out.printf("  %-22s %3d; plies %s%n", key + ":", list.size(), list));
    }

    static List<LostGame> lostGames(List<String> lines, Rules rules) {
        List<LostGame> games = new ArrayList<>();
        for (String line : lines) {
            Matcher m = GAME.matcher(line);
            if (!m.matches() || m.group(1).equals(m.group(2))) {
                continue;
            }
            games.add(
                    new LostGame(
                            line.substring(0, line.indexOf(':')),
                            Seat.valueOf(m.group(1)),
                            Arrays.stream(Notation.cells(rules, m.group(3))).boxed().toList()));
        }
        return games;
    }

    /** Where a game was lost: the category, the ply of A's move and what it was. */
    record Verdict(String category, int ply, String text) {}

    static Verdict judge(LostGame game, Rules rules, long nodes) {
        Board board = new Board(rules);
        for (int ply = 0; ply < game.cells().size(); ply++) {
            int move = game.cells().get(ply);
            if (ply >= FIRST_PLY && board.toMove() == game.a()) {
                int win = TacticsProbe.win(board, nodes);
                if (win >= 0) {
                    if (!TacticsProbe.keepsTheWin(board, move, nodes / 10)) {
                        String how = win == 0 ? " by fours" : " by threes and fours";
                        return verdict("missed win", how, ply, rules, move);
                    }
                } else if (TacticsProbe.threatenedByThreats(board, nodes)
                        && !TacticsProbe.holds(board, move, nodes)) {
                    boolean held = TacticsProbe.holdingMoves(board, nodes / 4, 1) > 0;
                    return verdict(held ? "let through" : "no defence", "", ply, rules, move);
                }
            }
            board.play(move);
        }
        return new Verdict("unseen", game.cells().size(), "unseen");
    }

    private static Verdict verdict(String category, String how, int ply, Rules rules, int move) {
        String played = Notation.name(rules.size(), move);
        return new Verdict(
                category, ply, category + how + " at ply " + ply + " (played " + played + ")");
    }
}
