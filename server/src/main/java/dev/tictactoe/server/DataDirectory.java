package dev.tictactoe.server;

import dev.tictactoe.server.flags.Defaults;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** The data directory given on the command line: created if missing, and writable, or refused. */
final class DataDirectory {

    private DataDirectory() {}

    /** Creates {@code dir} if needed and proves it writable, else refuses {@code --data-dir}. */
    static void requireWritable(CommandSpec spec, Path dir) {
        String problem = problem(dir);
        if (problem != null) {
            throw new ParameterException(
                    spec.commandLine(),
                    ("Invalid value for option %s: '%s' %s (give a directory this user can write,"
                                    + " or '%s' to keep rooms in memory)")
                            .formatted(
                                    FlagErrors.name(spec.findOption("--data-dir")),
                                    dir,
                                    problem,
                                    Defaults.NONE));
        }
    }

    /** Why {@code dir} cannot hold the data, null when it can. */
    static @Nullable String problem(Path dir) {
        try {
            Files.createDirectories(dir);
            // isWritable says yes to root on a read-only mount: a file written says more.
            Path probe = Files.createTempFile(dir, ".write-check", ".tmp");
            Files.delete(probe);
            return null;
        } catch (IOException | SecurityException e) {
            return "cannot be created or written (" + reason(e) + ")";
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
