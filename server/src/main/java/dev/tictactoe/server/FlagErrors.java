package dev.tictactoe.server;

import dev.tictactoe.server.flags.Defaults;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.Locale;

/** A bad flag or variable becomes one line on stderr and exit code {@link #EXIT}, no stack. */
final class FlagErrors implements CommandLine.IParameterExceptionHandler {

    /** The exit code of a refused flag or environment value (picocli's and the shells' usage). */
    static final int EXIT = CommandLine.ExitCode.USAGE;

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        String message = String.valueOf(e.getMessage());
        if (e.getArgSpec() instanceof OptionSpec option) {
            message = message.replace("'" + option.longestName() + "'", name(option));
        }
        PrintWriter err = e.getCommandLine().getErr();
        err.println(e.getCommandLine().getCommandName() + ": " + message);
        err.flush();
        return EXIT;
    }

    /** A value refused by its settings record, as a {@link ParameterException} naming its flag. */
    static ParameterException refused(CommandSpec spec, IllegalArgumentException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        String lower = message.toLowerCase(Locale.ROOT);
        for (OptionSpec option : spec.options()) {
            if (option.userObject() instanceof Field field && about(lower, field.getName())) {
                return new ParameterException(
                        spec.commandLine(),
                        "Invalid value for option '" + option.longestName() + "': " + message,
                        e,
                        option,
                        null);
            }
        }
        return new ParameterException(spec.commandLine(), message);
    }

    /** Whether a message starts with the setting's name: "idleClaim" or "idle claim". */
    private static boolean about(String lowerMessage, String field) {
        String words = field.replaceAll("([A-Z])", " $1").toLowerCase(Locale.ROOT);
        return lowerMessage.startsWith(field.toLowerCase(Locale.ROOT))
                || lowerMessage.startsWith(words);
    }

    /** "'--durability' (env TTT_DURABILITY)": every flag's variable is named after it. */
    static String name(OptionSpec option) {
        String env = Defaults.envName(option);
        boolean hasEnv = String.join(" ", option.description()).contains("env " + env);
        return "'" + option.longestName() + "'" + (hasEnv ? " (env " + env + ")" : "");
    }
}
