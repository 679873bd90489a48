package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongConsumer;

/** Solves whole games or positions exactly, for the solve command and benchmarks. */
public final class GameSolver {

    private GameSolver() {}

    /** What a solve found: unless {@code solved}, the time ran out and the score means nothing. */
    public record Result(boolean solved, int score, long nodes, Duration time) {
        /** "draw", "win", "loss" (with the distance when known), or "unknown". */
        public String value() {
            if (!solved) {
                return "unknown";
            }
            if (score == 0) {
                return "draw";
            }
            String word = score > 0 ? "win" : "loss";
            int distance = Bot.WIN - Math.abs(score);
            return distance == 0 ? word : word + " in " + distance;
        }
    }

    /** Solves {@code board} within {@code limit}, with {@code distance} also the fastest win. */
    public static Result solve(
            Board board, boolean distance, Duration limit, int tableBits, LongConsumer progress) {
        Objects.requireNonNull(progress, "progress");
        if (board.isOver()) {
            throw new IllegalStateException("the game is over");
        }
        long start = System.nanoTime();
        long deadline =
                limit.toNanos() >= Long.MAX_VALUE - start
                        ? Long.MAX_VALUE
                        : start + limit.toNanos();
        Solver solver =
                new Solver(
                        Position.of(board),
                        new TranspositionTable(tableBits),
                        distance,
                        deadline,
                        Long.MAX_VALUE);
        solver.progress = progress;
        int score = solver.solve();
        return new Result(
                !solver.aborted,
                solver.aborted ? 0 : score,
                solver.nodes,
                Duration.ofNanos(System.nanoTime() - start));
    }
}
