package dev.tictactoe.bench;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;
import dev.tictactoe.server.room.RegistrySettings;

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
 * Time for one bot move per level, with the default 200 ms budget, on a position a few moves into
 * the game. PERFECT on 3×3 is a table look-up; on 4×4 k=4 it is solved once (in the first warm-up
 * call) and then answered from the shared table; on 7×7 and 15×15 it cannot finish a proof and
 * plays as HARD, which uses its budget: the HARD rows show how far past 200 ms it goes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BotBenchmark {

    /** Board size and win length, as {@code N:k}. */
    @Param({"3:3", "4:4", "7:5", "15:5"})
    public String variant;

    @Param({"EASY", "MEDIUM", "HARD", "PERFECT"})
    public BotLevel level;

    private final Bot bot = new Bot();
    private Board board;
    private long seed;

    @Setup
    public void setUp() {
        Rules rules = BotPositions.parse(variant);
        board = BotPositions.near(rules, rules.size() == 3 ? 2 : 4, 11);
    }

    @Benchmark
    public BotMove move() {
        return bot.choose(board, level, RegistrySettings.DEFAULT_BOT_BUDGET, seed++ & 7);
    }
}
