package dev.tictactoe.server;

import dev.tictactoe.server.flags.Defaults;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/** A bad flag, variable or data directory: one line on stderr and exit code {@link #EXIT}. */
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

    /** Creates {@code dir} if needed and proves it writable, else refuses {@code --data-dir}. */
    static void requireWritable(CommandSpec spec, Path dir) {
        try {
            Files.createDirectories(dir);
            // isWritable says yes to root on a read-only mount: a file written says more.
            Files.delete(Files.createTempFile(dir, ".write-check", ".tmp"));
        } catch (IOException | SecurityException e) {
            String flag = name(spec.findOption("--data-dir"));
            throw new ParameterException(
                    spec.commandLine(),
                    ("Invalid value for option %s: '%s' cannot be created or written (%s) (give a"
                                    + " directory this user can write, or '%s' to keep rooms in"
                                    + " memory)")
                            .formatted(flag, dir, reason(e), Defaults.NONE));
        }
    }

    /** The reason in words, without the exception's class name. */
    private static String reason(Exception e) {
        return switch (e) {
            case AccessDeniedException denied -> "permission denied";
            case FileAlreadyExistsException file -> "a file, not a directory";
            case FileSystemException fs when fs.getReason() != null -> fs.getReason();
            case NoSuchFileException missing -> "no such file or directory";
            default -> String.valueOf(e.getMessage());
        };
    }
}
