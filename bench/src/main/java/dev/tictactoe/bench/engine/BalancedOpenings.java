package dev.tictactoe.bench.engine;

import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded openings a match starts from: {@link #MIN_STONES} to {@link #MAX_STONES} stones, the first
 * on the centre and the others within {@link #RADIUS} cells of it, kept only when a judge rates the
 * position within ± {@code limit} for the side to move. Random stones near the centre often leave
 * one side a won game, and then a game says little about the engines; a balanced start makes each
 * of the two games of an opening (colours swapped) count. The judge sees the stones only, never a
 * move of either engine in the match, so nothing here follows an opponent's own replies.
 */
final class BalancedOpenings {

    /** Fewest stones in an opening. */
    static final int MIN_STONES = 3;

    /** Most stones in an opening. */
    static final int MAX_STONES = 5;

    /** Stones lie at most this many cells from the centre, along a row and a column. */
    static final int RADIUS = 2;

    /** Default bound on the judge's value for a kept opening. */
    static final int DEFAULT_LIMIT = 40;

    /** Default depth of the judging brain. */
    static final int DEFAULT_DEPTH = 10;

    /** Candidates drawn for one opening before giving up (a judge that keeps none). */
    static final int MAX_CANDIDATES = 10_000;

    /** A position's value for the side to move, or null when it has none (a mate found). */
    interface Judge extends AutoCloseable {
        @Nullable Integer value(Board board);

        @Override
        default void close() {}
    }

    private final Rules rules;
    private final SplittableRandom random;
    private final Judge judge;
    private final int limit;
    private int drawn;

    BalancedOpenings(Rules rules, long seed, Judge judge, int limit) {
        if (rules.size() < 2 * RADIUS + 1) {
            throw new IllegalArgumentException("board too small for balanced openings: " + rules);
        }
        this.rules = rules;
        this.random = new SplittableRandom(seed);
        this.judge = judge;
        this.limit = limit;
    }

    /** Candidates drawn so far, kept or not. */
    int drawn() {
        return drawn;
    }

    /** The next kept opening: its cells in the order played, X first. */
    int[] next() {
        for (int i = 0; i < MAX_CANDIDATES; i++) {
            int[] cells = candidate();
            drawn++;
            Integer value = judge.value(Notation.replay(rules, cells));
            if (value != null && Math.abs(value) <= limit) {
                return cells;
            }
        }
        throw new IllegalStateException(
                "no opening within ±" + limit + " in " + MAX_CANDIDATES + " candidates");
    }

    private int[] candidate() {
        int stones = random.nextInt(MIN_STONES, MAX_STONES + 1);
        int centre = rules.size() / 2;
        int[] cells = new int[stones];
        cells[0] = rules.cell(centre, centre);
        for (int i = 1; i < stones; i++) {
            int cell;
            boolean taken;
            do {
                cell =
                        rules.cell(
                                centre + random.nextInt(-RADIUS, RADIUS + 1),
                                centre + random.nextInt(-RADIUS, RADIUS + 1));
                taken = false;
                for (int j = 0; j < i; j++) {
                    taken |= cells[j] == cell;
                }
            } while (taken);
            cells[i] = cell;
        }
        return cells;
    }

    /**
     * A judge that asks a Gomocup brain held to {@code depth} plies for its value ("Eval N", as
     * Rapfi reports it), in a fresh process for every position so that a value does not depend on
     * the positions judged before it.
     */
    static Judge brain(String command, int size, int depth) {
        PiskvorkBrain brain =
                new PiskvorkBrain(
                        command,
                        size,
                        List.of("max_depth " + depth),
                        PiskvorkBrain.DEFAULT_REPLY_TIMEOUT);
        return new Judge() {
            @Override
            public @Nullable Integer value(Board board) {
                brain.restart();
                brain.move(board);
                return brain.lastEval();
            }

            @Override
            public void close() {
                brain.close();
            }
        };
    }

    /** A judge that is HARD's own search of {@code nodes} positions (no brain needed). */
    static Judge hard(long nodes) {
        Bot bot = new Bot(false);
        return board -> {
            BotMove m = bot.evaluate(board, nodes, 1);
            return Math.abs(m.score()) > Bot.WIN_THRESHOLD ? null : m.score();
        };
    }

    /** Openings saved by {@link #save} under the same first line, in order; none if it differs. */
    static List<int[]> saved(Path file, String header, Rules rules) {
        try {
            if (!Files.exists(file)) {
                return List.of();
            }
            List<String> lines = Files.readAllLines(file);
            if (lines.isEmpty() || !lines.get(0).equals(header)) {
                return List.of();
            }
            return lines.stream().skip(1).map(line -> Notation.cells(rules, line)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code header}, then each opening as a move list, one a line. */
    static void save(Path file, String header, Rules rules, List<int[]> openings) {
        List<String> lines = new ArrayList<>(List.of(header));
        for (int[] cells : openings) {
            lines.add(Notation.moveList(Notation.replay(rules, cells)));
        }
        try {
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
