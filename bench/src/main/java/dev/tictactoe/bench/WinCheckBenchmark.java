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

import java.util.concurrent.TimeUnit;

/**
 * Play + win check + undo in the engine's per-line bitboards against a padded multi-word bitboard
 * ({@link PaddedBoard}), on the same positions and cells as {@link EngineBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WinCheckBenchmark {
    private static final int CYCLE = 256;

    /** Board size and win length, as {@code N:k}. */
    @Param({"3:3", "7:4", "15:5", "19:5"})
    public String variant;

    private Board lines;
    private PaddedBoard padded;
    private final int[] cells = new int[CYCLE];
    private int next;

    @Setup
    public void setUp() {
        Rules rules = EngineBenchmark.parse(variant);
        lines = EngineBenchmark.position(rules, rules.size() == 3 ? 4 : 12, 42);
        padded = new PaddedBoard(rules);
        for (int move : lines.moves()) {
            padded.play(move);
        }
        EngineBenchmark.fillCycle(lines, cells, 42);
    }

    @Benchmark
    public boolean lines() {
        int cell = cells[next++ & (CYCLE - 1)];
        boolean won = lines.play(cell);
        lines.undo();
        return won;
    }

    @Benchmark
    public boolean padded() {
        int cell = cells[next++ & (CYCLE - 1)];
        boolean won = padded.play(cell);
        padded.undo();
        return won;
    }
}
