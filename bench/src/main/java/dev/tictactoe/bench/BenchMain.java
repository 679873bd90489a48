package dev.tictactoe.bench;

import dev.tictactoe.bench.engine.EngineTools;
import dev.tictactoe.bench.load.JournalCost;

import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs benchmarks: {@code BenchMain <subcommand> [args]} runs a named command, anything else is
 * handed to JMH (an include regex such as {@code Engine}, {@code -prof gc}, {@code -f 2}, ...).
 * Launched by {@code ./mvnw -q -pl bench -am compile exec:exec@bench -Dargs="Engine"}; the engine's
 * tools ({@code match}, {@code tactics}, {@code replay}, {@code evalfeatures}) are in {@link
 * EngineTools}.
 */
public final class BenchMain {

    /** A subcommand, given the arguments after its name. */
    interface Command {
        void run(String[] args) throws Exception;
    }

    /** Subcommands by name; add an entry to add one. */
    private static final Map<String, Command> COMMANDS =
            new TreeMap<>(
                    Map.ofEntries(
                            Map.entry("cputime", CpuTime::run),
                            Map.entry("jmh", BenchMain::jmh),
                            Map.entry("solve", SolveCommand::run),
                            Map.entry("botbench", BotBench::run),
                            Map.entry("store", StoreBench::run),
                            Map.entry("journalcost", JournalCost::run),
                            Map.entry("relay", RelayServer::main),
                            Map.entry("match", EngineTools::match),
                            Map.entry("tactics", EngineTools::tactics),
                            Map.entry("replay", EngineTools::replay),
                            Map.entry("evalfeatures", EngineTools::evalFeatures),
                            Map.entry("fingerprint", EngineTools::fingerprint),
                            Map.entry("analysis", EngineTools::analysis),
                            Map.entry("help", args -> help())));

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        Command command = args.length == 0 ? null : COMMANDS.get(args[0]);
        if (command == null) {
            jmh(args);
        } else {
            command.run(Arrays.copyOfRange(args, 1, args.length));
        }
    }

    /**
     * Runs JMH with short defaults (1 fork, 3 warm-up and 5 measured iterations of 1 s) unless the
     * arguments say otherwise, so a run takes minutes.
     */
    static void jmh(String[] args) throws Exception {
        CommandLineOptions cli = new CommandLineOptions(args);
        if (cli.shouldHelp()) {
            cli.showHelp();
            return;
        }
        if (cli.shouldList()) {
            new Runner(cli).list();
            return;
        }
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cli);
        if (!cli.getForkCount().hasValue()) {
            options.forks(1);
        }
        if (!cli.getWarmupIterations().hasValue()) {
            options.warmupIterations(3);
        }
        if (!cli.getWarmupTime().hasValue()) {
            options.warmupTime(TimeValue.seconds(1));
        }
        if (!cli.getMeasurementIterations().hasValue()) {
            options.measurementIterations(5);
        }
        if (!cli.getMeasurementTime().hasValue()) {
            options.measurementTime(TimeValue.seconds(1));
        }
        new Runner(options.build()).run();
    }

    private static void help() {
        System.out.println(
                "usage: BenchMain ["
                        + String.join("|", COMMANDS.keySet())
                        + "] [args]   or   BenchMain <JMH options and include regex>");
    }
}
