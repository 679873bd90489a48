package dev.tictactoe.bench.engine;

import java.io.IOException;

/** The engine tools as the bench's subcommands; each takes {@code name=value} arguments. */
public final class EngineTools {

    private EngineTools() {}

    /** Plays two engines against each other ({@link MatchCommand}). */
    public static void match(String[] args) {
        MatchCommand.run(args);
    }

    /** Runs, builds or audits the tactical suite ({@link TacticsCommand}). */
    public static void tactics(String[] args) throws IOException {
        TacticsCommand.run(args);
    }

    /** Walks a game and shows what HARD would play at each move ({@link ReplayCommand}). */
    public static void replay(String[] args) {
        ReplayCommand.run(args);
    }

    /**
     * Hashes every move and value the engine gives on fixed positions ({@link FingerprintCommand}).
     */
    public static void fingerprint(String[] args) {
        FingerprintCommand.run(args);
    }

    /** Times game analyses as the server makes them ({@link AnalysisCommand}). */
    public static void analysis(String[] args) throws IOException {
        AnalysisCommand.run(Notation.options(args), System.out);
    }

    /** Turns judged positions into the evaluation's features ({@link EvalFeaturesCommand}). */
    public static void evalFeatures(String[] args) throws IOException {
        EvalFeaturesCommand.run(args);
    }
}
