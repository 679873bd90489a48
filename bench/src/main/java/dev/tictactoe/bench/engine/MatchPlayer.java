package dev.tictactoe.bench.engine;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One side of a match: a level of this build's engine, played in process, or an outside Gomocup
 * brain run as a process ({@code brain}: any command; {@code baseline}: the engine of a git tag,
 * built by {@code bench/baseline.sh}), with its budget per move.
 */
record MatchPlayer(
        String engine, long nodes, long millis, int depth, @Nullable PiskvorkBrain brain) {

    /** The tag {@code baseline} plays when the match names none. */
    static final String DEFAULT_TAG = "engine-baseline-1";

    /** The engine's Gomocup brain, the class a baseline jar is started with. */
    static final String BRAIN_MAIN = "dev.tictactoe.server.bot.gomocup.Brain";

    /** The default thinking time per move, when the match sets neither nodes nor depth. */
    static final long DEFAULT_MILLIS = 200;

    BotMove move(Bot bot, Board board, long seed) {
        if (brain != null) {
            return new BotMove(brain.move(board), BotLevel.HARD, false, 0, 0, 0, "brain");
        }
        BotLevel level = BotLevel.parse(engine);
        return nodes > 0
                ? bot.chooseWithNodes(board, level, nodes, seed)
                : bot.choose(board, level, Duration.ofMillis(millis), seed);
    }

    void close() {
        if (brain != null) {
            brain.close();
        }
    }

    @Override
    public String toString() {
        String limit = depth > 0 ? "depth " + depth : nodes > 0 ? nodes + " nodes" : millis + " ms";
        return engine + " (" + limit + ")";
    }

    /**
     * Side {@code side} ("a" or "b") of a match from its options: {@code side=engine}, {@code
     * side.nodes=}, {@code side.ms=} or {@code side.depth=} (a brain's), {@code side.cmd=} for a
     * brain, {@code side.tag=} for a baseline, {@code side.timeout=} for either; {@code nodes=} and
     * {@code ms=} set both sides.
     */
    static MatchPlayer of(Map<String, String> opts, String side, String engine, Rules rules) {
        String name = opts.getOrDefault(side, engine);
        String nodes = opts.getOrDefault(side + ".nodes", opts.get("nodes"));
        String ms = opts.getOrDefault(side + ".ms", opts.get("ms"));
        int depth = Integer.parseInt(opts.getOrDefault(side + ".depth", "0"));
        long nodeLimit = nodes == null ? 0 : Long.parseLong(nodes);
        long millis =
                nodes == null && depth == 0
                        ? (ms == null ? DEFAULT_MILLIS : Long.parseLong(ms))
                        : 0;
        String command =
                switch (name) {
                    case "brain" -> {
                        String cmd = opts.get(side + ".cmd");
                        if (cmd == null) {
                            throw new IllegalArgumentException(
                                    side + "=brain needs " + side + ".cmd=<path>");
                        }
                        yield cmd;
                    }
                    case "baseline" -> {
                        String tag = opts.getOrDefault(side + ".tag", DEFAULT_TAG);
                        name = "baseline " + tag;
                        yield baselineCommand(baselines(), tag);
                    }
                    default -> null;
                };
        if (command == null) {
            BotLevel.parse(name); // refuses an unknown engine before the first game
            return new MatchPlayer(name, nodeLimit, millis, depth, null);
        }
        List<String> info = new ArrayList<>();
        if (depth > 0) {
            info.add("max_depth " + depth);
        } else if (nodeLimit > 0) {
            info.add("max_node " + nodeLimit);
        } else {
            info.add("timeout_turn " + millis);
        }
        long timeout = Math.max(PiskvorkBrain.DEFAULT_REPLY_TIMEOUT.toMillis(), 10 * millis);
        String set = opts.get(side + ".timeout");
        PiskvorkBrain brain =
                new PiskvorkBrain(
                        command,
                        rules.size(),
                        info,
                        Duration.ofMillis(set == null ? timeout : Long.parseLong(set)));
        return new MatchPlayer(name, nodeLimit, millis, depth, brain);
    }

    /**
     * The command that runs the engine of {@code tag} as a brain: the jar {@code bench/baseline.sh}
     * built in {@code dir}, with its libraries, on the JVM that runs this match.
     *
     * @throws IllegalArgumentException if the jar has not been built
     */
    static String baselineCommand(Path dir, String tag) {
        Path jar = dir.resolve("engine-" + tag + ".jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(
                    "no baseline jar " + jar + ": build it with bench/baseline.sh " + tag);
        }
        Path lib = dir.resolve("engine-" + tag + "-lib");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return java + " -cp " + jar + ":" + lib + "/* " + BRAIN_MAIN;
    }

    /** bench/target/baselines: beside the classes (or the jar) this match runs from. */
    static Path baselines() {
        try {
            Path code =
                    Path.of(
                            MatchPlayer.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            return code.toAbsolutePath().resolveSibling("baselines");
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where the bench's classes are", e);
        }
    }
}
