package dev.tictactoe.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.Durations;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code ttt-load}: drives many games against a server (or a bare relay) and reports what it
 * measured. It stays one file: it is the picocli command, and its options with their help texts are
 * most of it; the runs themselves are in {@link LoadRun}.
 */
@Command(
        name = "ttt-load",
        mixinStandardHelpOptions = true,
        subcommands = CompareCommand.class,
        description = {
            "Play many games at once against a server and measure how long an opponent",
            "waits for each move, moves/s, errors and the server's CPU per move; or, with",
            "--capacity, hold idle seated connections and measure heap and RSS per",
            "connection. Loopback targets only unless --allow-remote. One progress line a",
            "second goes to stderr; a table (and JSON with --json) at the end.",
        },
        footer = {
            "",
            "Examples:",
            "  ttt-load --rooms 100                     100 rooms, moves as fast as they come",
            "  ttt-load --rooms 1000 --think 500        about 2,000 moves/s offered",
            "  ttt-load --relay --server 127.0.0.1:9090 the same against the bare relay",
            "  ttt-load --capacity 19000                memory per idle seated connection",
            "  ttt-load compare ours.json relay.json    one table with ours/relay ratios",
            "",
            "Exit codes: 0 clean run, 1 errors or unexpected closes, 4 could not run.",
        })
public final class LoadCommand implements Callable<Integer> {

    static final int OK = 0;
    static final int FAILURES = 1;
    static final int CANNOT_RUN = 4;

    @Spec CommandSpec spec;

    @Option(
            names = "--server",
            paramLabel = "URL",
            defaultValue = "${env:TTT_SERVER:-http://127.0.0.1:8080}",
            description = "Server (or relay) to load (env TTT_SERVER; default ${DEFAULT-VALUE}).")
    String server;

    @Option(
            names = "--relay",
            description =
                    "The target is the bare relay: pair connections on /rooms/LOADn/ws, create no"
                            + " rooms.")
    boolean relay;

    @Option(
            names = "--rooms",
            paramLabel = "R",
            defaultValue = "10",
            description = "Rooms played at once, two players each (default ${DEFAULT-VALUE}).")
    int rooms;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            defaultValue = "30s",
            description =
                    "Measured time after the warmup, e.g. 30s, 2m (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(
            names = "--moves",
            paramLabel = "N",
            description =
                    "Stop once N moves were measured (or at the end of --duration, whichever is"
                            + " first).")
    Long moves;

    @Option(
            names = "--warmup",
            paramLabel = "TIME",
            defaultValue = "10s",
            description =
                    "Play this long before measuring; those moves are not counted (default"
                            + " ${DEFAULT-VALUE}).")
    String warmup;

    @Option(
            names = "--think",
            paramLabel = "MS",
            defaultValue = "0",
            description =
                    "Think time before each move in milliseconds, drawn uniformly from 0.5x to 1.5x"
                            + " (default ${DEFAULT-VALUE}).")
    long thinkMillis;

    @Option(
            names = "--capacity",
            paramLabel = "C",
            defaultValue = "0",
            description =
                    "Capacity mode: hold C idle seated connections (C/2 rooms) and report memory"
                            + " per connection.")
    int capacity;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Event loop threads of the generator (default: one per available core).")
    Integer threads;

    @Option(
            names = "--size",
            paramLabel = "N",
            defaultValue = "3",
            description = "Board side (default ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--k",
            paramLabel = "K",
            description = "Stones in a row to win (default: the size, at most 5).")
    Integer winLength;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "Seed of the players' choices (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--connections-per-source",
            paramLabel = "N",
            defaultValue = "20000",
            description =
                    "Connections per local address; beyond, 127.0.0.2, .3, ... are used (default"
                            + " ${DEFAULT-VALUE}).")
    int connectionsPerSource;

    @Option(
            names = "--hold",
            paramLabel = "TIME",
            defaultValue = "0s",
            description =
                    "Capacity mode: keep the connections open this long after measuring, e.g. to"
                            + " inspect the server.")
    String hold;

    @Option(
            names = "--json",
            paramLabel = "FILE",
            description =
                    "Also write the result as JSON to FILE, or to stdout with '-' (the table then"
                            + " goes to stderr).")
    String json;

    @Option(
            names = "--label",
            paramLabel = "TEXT",
            description = "A name for this run, kept in the result.")
    String label;

    @Option(
            names = "--allow-remote",
            description =
                    "Allow a target outside 127.0.0.0/8, ::1 and localhost (only a server you"
                            + " operate).")
    boolean allowRemote;

    @Override
    public Integer call() {
        LoadSettings settings = settings();
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream tableOut = "-".equals(json) ? err : out;
        LoadRun run = new LoadRun(settings, err);
        ObjectNode result;
        String table;
        boolean clean;
        try {
            if (settings.capacityMode()) {
                CapacityResult r = run.capacity();
                result = r.toJson();
                table = r.table();
                clean = r.errors() == 0 && r.unexpectedCloses() == 0 && r.setupFailures() == 0;
            } else {
                LoadResult r = run.play();
                result = r.toJson();
                table = r.table();
                clean =
                        r.errors() == 0
                                && r.unexpectedCloses() == 0
                                && r.setupFailures() == 0
                                && r.gamesUnfinished() == 0;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("ttt-load: interrupted");
            return CANNOT_RUN;
        } catch (RuntimeException e) {
            err.println("ttt-load: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return CANNOT_RUN;
        }
        tableOut.print(table);
        tableOut.flush();
        if (json != null) {
            String text = Json.pretty(result) + System.lineSeparator();
            if (json.equals("-")) {
                out.print(text);
                out.flush();
            } else {
                try {
                    Files.writeString(Path.of(json), text, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    err.println("ttt-load: cannot write " + json + ": " + e.getMessage());
                    return CANNOT_RUN;
                }
            }
        }
        return clean ? OK : FAILURES;
    }

    /** The options, checked: a {@link ParameterException} names the first bad one. */
    LoadSettings settings() {
        Target target;
        try {
            target = Target.parse(server);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!allowRemote && !target.isLoopback()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "refusing to load "
                            + target.host()
                            + ": not a loopback address (127.0.0.0/8, ::1, localhost); pass"
                            + " --allow-remote for a server you operate");
        }
        if (moves != null && moves <= 0) {
            throw new ParameterException(
                    spec.commandLine(), "--moves must be positive, was " + moves);
        }
        if (thinkMillis < 0) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--think must be zero or more milliseconds, was " + thinkMillis);
        }
        try {
            int k = winLength == null ? Math.min(size, 5) : winLength;
            return new LoadSettings(
                    target,
                    relay,
                    rooms,
                    parseDuration("--duration", duration),
                    moves == null ? 0 : moves,
                    parseDuration("--warmup", warmup),
                    Duration.ofMillis(thinkMillis),
                    capacity,
                    threads == null ? Runtime.getRuntime().availableProcessors() : threads,
                    size,
                    k,
                    seed,
                    connectionsPerSource,
                    parseDuration("--hold", hold),
                    label);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** A duration option in the shared grammar (see {@link Durations}), the flag named on error. */
    static Duration parseDuration(String flag, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(flag + ": " + e.getMessage());
        }
    }

    /** Runs the load generator with these arguments and returns its exit code. */
    public static int run(String... args) {
        return new CommandLine(new LoadCommand()).execute(args);
    }

    /**
     * {@code java -cp ... dev.tictactoe.bench.load.LoadCommand [options]}: the generator without
     * the rest of ttt.
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }
}
