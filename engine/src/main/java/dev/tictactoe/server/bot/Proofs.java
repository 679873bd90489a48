package dev.tictactoe.server.bot;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** PERFECT's exact answers: 3×3 by table, small boards solved once and kept, others in budget. */
final class Proofs {

    static final int SMALL_CELLS = 16; // boards this small (4×4) are solved on first use and kept
    private static final int SMALL_TABLE_BITS = 16; // 2 MB a small variant: 4x4 k=4 needs 34k nodes

    private final ConcurrentHashMap<Rules, TranspositionTable> solvedSmall =
            new ConcurrentHashMap<>();

    static boolean small(Position pos) {
        return pos.cells <= SMALL_CELLS;
    }

    /** The exact value and a best move, or null when no proof came within a third of the budget. */
    @Nullable BotMove proof(
            Position pos, Budget budget, long seed, Supplier<TranspositionTable> searchTable) {
        boolean small = small(pos);
        long solveDeadline = Long.MAX_VALUE;
        TranspositionTable table;
        if (small) {
            table =
                    solvedSmall.computeIfAbsent(
                            pos.lines.rules, r -> new TranspositionTable(SMALL_TABLE_BITS));
        } else {
            table = searchTable.get();
            table.newSearch();
            if (budget.deadline() != Long.MAX_VALUE) {
                solveDeadline = budget.start() + budget.nanos() * 2 / 5;
            }
        }
        long solveNodes = small ? Long.MAX_VALUE : budget.nodes() / 3;
        Solver solver = new Solver(pos, table, true, solveDeadline, solveNodes);
        int value = solver.solve();
        if (solver.aborted) {
            return null;
        }
        int[] best = new int[pos.cells];
        int n = 0;
        for (int c = 0; c < pos.cells && !solver.aborted; c++) {
            if (pos.isEmpty(c) && solver.valueOfMove(c, value - 1, value) >= value) {
                best[n++] = c;
            }
        }
        if (solver.aborted) {
            return null;
        }
        int cell = best[(int) Long.remainderUnsigned(Bot.mix(seed ^ pos.hash()), n)];
        String note = "solved: " + Solver.value(value);
        return new BotMove(cell, BotLevel.PERFECT, true, value, pos.empties(), solver.nodes, note);
    }
}
