package dev.tictactoe.server.store;

import dev.tictactoe.server.settings.Check;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.time.Duration;

/** Where rooms and games are kept (null: in memory only), how durably, and games how long. */
public record StoreSettings(@Nullable Path dataDir, String durability, Duration gameRetention) {

    public static final Path DEFAULT_DATA_DIR = Path.of("data");
    public static final String DEFAULT_DURABILITY = "group";
    public static final Duration DEFAULT_GAME_RETENTION = Duration.ofDays(7);

    public StoreSettings {
        DurabilityPolicy.parse(durability);
        Check.requirePositive("gameRetention", gameRetention);
    }
}
