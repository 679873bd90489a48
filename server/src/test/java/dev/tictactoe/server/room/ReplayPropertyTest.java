package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The journal is the room: under random traffic (joins, returns, drops, takebacks, claims, bots,
 * timeouts, restarts with downtime), the newest checkpoint and the changes after it, replayed, give
 * back the room exactly as it was when it wrote each change: version, snapshot, seats and tokens,
 * move ids, clocks, idle claims, times. A process that dies after any record comes back as the room
 * was at that record.
 */
class ReplayPropertyTest {

    private static final int STEPS = 1_200;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void everyPrefixOfTheJournalReplaysToTheRoomAsItWasThen(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TimeControl clock =
                switch ((int) (seed % 3)) {
                    case 0 -> TimeControl.parse("20s/move");
                    case 1 -> null;
                    default -> TimeControl.parse("1m+2s");
                };
        RoomSettings settings =
                new RoomSettings(
                        new Rules(seed % 2 == 0 ? 4 : 3, 3),
                        Seat.X,
                        seed % 4 == 0 ? Seat.O : Seat.X,
                        true,
                        true,
                        null,
                        clock);
        try (RoomDriver driver =
                new RoomDriver(settings, RoomDriver.LIMITS, seed, RoomPropertyTest::search)) {
            // Checkpoints often, so replays start from many points and cross many changes.
            driver.journal.checkpointEvery = seed % 2 == 0 ? 7 : 25;
            TreeMap<Integer, String> live = new TreeMap<>();
            driver.journal.afterChange =
                    () -> live.put(driver.journal.entries.size(), state(driver.room));
            List<Client> clients = new ArrayList<>();
            List<String> tokens = new ArrayList<>();
            for (int step = 0; step < STEPS; step++) {
                if (random.nextInt(150) == 0) {
                    // Every connection goes with the old process; players come back with their
                    // tokens.
                    clients.forEach(c -> c.dropped = true);
                    driver.restart(
                            driver.journal.entries.size(), Duration.ofSeconds(random.nextInt(90)));
                } else {
                    RoomPropertyTest.act(random, driver, clients, tokens);
                }
            }
            Set<Class<?>> kinds = new HashSet<>();
            driver.journal.entries.stream()
                    .filter(e -> e.kind() != null)
                    .forEach(e -> kinds.add(e.kind()));
            assertThat(kinds)
                    .as("seed %d", seed)
                    .contains(
                            Change.Seated.class,
                            Change.Spectators.class,
                            Change.Dropped.class,
                            Change.Returned.class,
                            Change.Freed.class,
                            Change.Said.class);
            live.forEach(
                    (records, state) ->
                            assertThat(state(driver.rebuilt(records)))
                                    .as(
                                            "seed %d, the room rebuilt from its first %d records",
                                            seed, records)
                                    .isEqualTo(state));
        }
    }

    /** Everything a checkpoint keeps of a room, as text. */
    private static String state(Room room) {
        return new String(RoomState.of(room), StandardCharsets.UTF_8);
    }
}
