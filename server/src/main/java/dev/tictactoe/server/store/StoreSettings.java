package dev.tictactoe.server.store;

import dev.tictactoe.server.settings.Check;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where rooms and finished games are kept, how soon a change is on disk, and how long a finished
 * game is kept.
 *
 * <p>Each component has its default in the constant named after it ({@code gameRetention}: {@code
 * DEFAULT_GAME_RETENTION}), which the flag's default and {@code --help} read. To add a setting, add
 * the component and its constant here, the {@code @Option} field of the same name in {@code
 * flags.StoreFlags} (flag {@code --game-retention}, variable {@code TTT_GAME_RETENTION}), and its
 * line in the README's settings table; checks that need only the value go in the constructor.
 *
 * @param dataDir the data directory, or null to keep rooms in memory only
 */
public record StoreSettings(Path dataDir, String durability, Duration gameRetention) {

    /** Default: ./data, created if missing ({@code none} keeps rooms in memory only). */
    public static final Path DEFAULT_DATA_DIR = Path.of("data");

    /** Default: group commit, forced every 100 ms (see {@link DurabilityPolicy}). */
    public static final String DEFAULT_DURABILITY = "group";

    /** Default: finished games are kept this long after their room has gone. */
    public static final Duration DEFAULT_GAME_RETENTION = Duration.ofDays(7);

    public StoreSettings {
        DurabilityPolicy.parse(durability);
        Check.requirePositive("gameRetention", gameRetention);
    }

    /** How the store opened in {@link #dataDir} writes and prunes. */
    public Store.Options options() {
        return Store.Options.defaults()
                .withPolicy(DurabilityPolicy.parse(durability))
                .withRetention(gameRetention);
    }
}
