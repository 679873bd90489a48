package dev.tictactoe.server.bot;

import dev.tictactoe.server.game.Board;

import java.time.Duration;

/** The bench's whole-game solve: {@link Solver} on its own table, with a clock. */
public final class WholeSolve {

    private WholeSolve() {}

    /** What a solve found: unless {@code solved}, the time ran out and the score means nothing. */
    public record Result(boolean solved, int score, long nodes, Duration time) {
        /** "draw", "win", "loss" (with the distance when known), or "unknown". */
        public String value() {
            return solved ? Solver.value(score) : "unknown";
        }
    }

    /** Solves {@code board} within {@code limit}, with {@code distance} also the fastest win. */
    public static Result solve(Board board, boolean distance, Duration limit, int tableBits) {
        if (board.isOver()) {
            throw new IllegalStateException("the game is over");
        }
        long start = System.nanoTime();
        long deadline =
                limit.toNanos() >= Long.MAX_VALUE - start
                        ? Long.MAX_VALUE
                        : start + limit.toNanos();
        TranspositionTable table = new TranspositionTable(tableBits);
        Solver solver = new Solver(Position.of(board), table, distance, deadline, Long.MAX_VALUE);
        int score = solver.solve();
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        return new Result(!solver.aborted, solver.aborted ? 0 : score, solver.nodes, time);
    }
}
