package dev.tictactoe.server.flags;

import dev.tictactoe.server.store.StoreSettings;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;

/** The flags of {@link StoreSettings}; each is named as its component (see {@link Flags}). */
public final class StoreFlags extends Flags<StoreSettings> {

    @Option(
            names = "--data-dir",
            description =
                    "Where rooms and finished games are kept, created if missing; '"
                            + Defaults.NONE
                            + "' keeps rooms in memory only")
    Path dataDir;

    @Option(
            names = "--durability",
            description =
                    "When a change is on disk: group (forced every 100 ms), group:<n>ms, fsync or"
                            + " none")
    String durability;

    @Option(
            names = "--game-retention",
            description = "Keep finished games this long after their room has gone")
    Duration gameRetention;
}
