package dev.tictactoe.server.store;

import dev.tictactoe.server.settings.Check;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where rooms and finished games are kept, how soon a change is on disk, and how long a finished
 * game is kept. Each component's default is the constant named after it, read by its flag in {@code
 * flags.StoreFlags} and the README's settings table.
 *
 * @param dataDir the data directory; null keeps rooms in memory only
 */
public record StoreSettings(@Nullable Path dataDir, String durability, Duration gameRetention) {

    public static final Path DEFAULT_DATA_DIR = Path.of("data");
    public static final String DEFAULT_DURABILITY = "group";
    public static final Duration DEFAULT_GAME_RETENTION = Duration.ofDays(7);

    public StoreSettings {
        DurabilityPolicy.parse(durability);
        Check.requirePositive("gameRetention", gameRetention);
    }
}
