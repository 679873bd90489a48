package dev.tictactoe.server.cluster;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The {@code node} file of a data directory: the one node whose rooms it holds. */
public final class NodeFile {

    public static final String NAME = "node";

    /** Why a node may not start on a data directory; the message is one line for the operator. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private NodeFile() {}

    /** Refuses {@code dataDir} (null: none) if another node's; marks it this node's when new. */
    public static void claim(@Nullable Path dataDir, @Nullable Character node) {
        if (dataDir == null) {
            return;
        }
        Path file = dataDir.resolve(NAME);
        Character owner = read(file);
        if (owner == null) {
            if (node != null) {
                write(dataDir, file, node);
            }
            return;
        }
        if (node == null) {
            throw new Refused(
                    "the data directory %s belongs to node %s; start it with --node %s"
                            .formatted(dataDir, owner, owner));
        }
        if (!owner.equals(node)) {
            throw new Refused(
                    ("the data directory %s belongs to node %s, not %s; give node %s its own data"
                                    + " directory")
                            .formatted(dataDir, owner, node, node));
        }
    }

    static @Nullable Character read(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new Refused("cannot read " + file + ": " + e.getMessage());
        }
        if (text.length() != 1) {
            throw new Refused(file + " should hold one node character, holds '" + text + "'");
        }
        return text.charAt(0);
    }

    private static void write(Path dataDir, Path file, char node) {
        try {
            Files.createDirectories(dataDir);
            // Written whole, then moved into place: a crash never leaves a half-written file.
            Path temp = dataDir.resolve(NAME + ".tmp");
            Files.writeString(temp, node + "\n", StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new Refused("cannot mark " + dataDir + " as node " + node + ": " + e);
        }
    }
}
