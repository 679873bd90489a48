package dev.tictactoe.bench;

import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The engine's hot path: a move with its win check, taken back, on a board holding a dozen stones
 * (four on 3×3); the cell cycles through the empty ones in a fixed random order.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EngineBenchmark {
    private static final int CYCLE = 256;

    /** Board size and win length, as {@code N:k}. */
    @Param({"3:3", "15:5", "19:5"})
    public String variant;

    private Board board;
    private final int[] cells = new int[CYCLE];
    private int next;

    @Setup
    public void setUp() {
        Rules rules = parse(variant);
        board = position(rules, rules.size() == 3 ? 4 : 12, 42);
        fillCycle(board, cells, 42);
    }

    @Benchmark
    public boolean playAndUndo() {
        int cell = cells[next++ & (CYCLE - 1)];
        boolean won = board.play(cell);
        board.undo();
        return won;
    }

    static Rules parse(String variant) {
        String[] parts = variant.split(":");
        return new Rules(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    /** A seeded random position with {@code stones} stones and no winner. */
    static Board position(Rules rules, int stones, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] empty = new int[rules.cells()];
        while (true) {
            Board board = new Board(rules);
            for (int i = 0; i < stones && board.winner() == null; i++) {
                board.play(empty[random.nextInt(board.legalMoves(empty))]);
            }
            if (board.winner() == null) {
                return board;
            }
        }
    }

    /** Fills {@code cycle} with the board's empty cells, repeated, in a seeded random order. */
    static void fillCycle(Board board, int[] cycle, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] empty = new int[board.rules().cells()];
        int count = board.legalMoves(empty);
        for (int i = 0; i < cycle.length; i++) {
            cycle[i] = empty[random.nextInt(count)];
        }
    }
}
