package dev.tictactoe.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** The terminal client's entry point: {@code ttt create | join | play | watch}. */
@Command(
        name = "ttt",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        subcommands = {
            CreateCommand.class,
            JoinCommand.class,
            PlayCommand.class,
            WatchCommand.class,
            CommandLine.HelpCommand.class
        },
        description = {
            "Play k-in-a-row (tic-tac-toe up to gomoku) against people or a bot, or watch a game.",
            "",
            "Cells are a column letter and a row number (a1 is the top left corner).",
        },
        footer = {
            "",
            "Examples:",
            "  ttt create                      create a 3x3 room and wait for a friend",
            "  ttt join K7MQ2P                 join the room with that code",
            "  ttt play --clock 3m+2s          quick match: play the next player asking for the"
                    + " same game",
            "  ttt create --move-time 20s      a room where every move must be made within 20 s",
            "  ttt create --size 15 --k 5 --bot hard    gomoku against the bot",
            "  ttt watch K7MQ2P                watch a game",
            "",
            "Exit codes: 0 won, 1 lost, 2 draw, 3 aborted/left/connection lost, 4 usage or server"
                    + " error.",
        })
public final class Main implements Callable<Integer> {

    @Spec CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        exitCodes(cli);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler(
                (e, commandLine, parseResult) -> {
                    PrintWriter err = commandLine.getErr();
                    if (e instanceof UserError u) {
                        err.println("ttt: " + u.getMessage());
                        return u.exitCode();
                    }
                    err.println("ttt: unexpected error: " + e);
                    if (System.getenv("TTT_DEBUG") != null) {
                        e.printStackTrace(err);
                    }
                    return ExitCodes.ERROR;
                });
        return cli;
    }

    /** Usage and execution errors exit with {@link ExitCodes#ERROR}, in every subcommand. */
    private static void exitCodes(CommandLine cli) {
        cli.getCommandSpec()
                .exitCodeOnInvalidInput(ExitCodes.ERROR)
                .exitCodeOnExecutionException(ExitCodes.ERROR);
        cli.getSubcommands().values().forEach(Main::exitCodes);
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.ERROR;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {
                "ttt " + (version == null ? "(development)" : version), "java " + Runtime.version()
            };
        }
    }
}
