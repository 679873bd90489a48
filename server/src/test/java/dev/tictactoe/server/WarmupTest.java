package dev.tictactoe.server;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;

import dev.tictactoe.server.bot.BotWarmup;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

class WarmupTest {

    /** Far more than the move budget needs: the test ends on moves, not on time. */
    private static final Duration BUDGET = Duration.ofMinutes(1);

    @Test
    void playsWholeGamesWithRematchesAndLeavesNoScratchDirectory(@TempDir Path tmp)
            throws IOException {
        ServerConfig real =
                ServerConfig.builder().port(0).dataDir(tmp.resolve("real-data")).build();

        Warmup.Result result = Warmup.run(real, BUDGET, 300, tmp);

        assertThat(result.errors()).isZero();
        // Each player stops at the first reply it sees after the count is reached.
        assertThat(result.moves()).isBetween(300L, 300L + 2 * Warmup.ROOMS);
        // A 3×3 game is at most 9 moves: 300 moves in 4 rooms take at least 30 rematches.
        assertThat(result.games()).isGreaterThanOrEqualTo(30);
        // A quarter of a minute is far more than the bot's rounds need.
        assertThat(result.botSearches()).isEqualTo(BotWarmup.ROUNDS * BotWarmup.RULES.size());
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void playsInMemoryWhenTheServerKeepsNoData(@TempDir Path tmp) throws IOException {
        Warmup.Result result = Warmup.run(ServerConfig.builder().port(0).build(), BUDGET, 50, tmp);

        assertThat(result.errors()).isZero();
        assertThat(result.moves()).isGreaterThanOrEqualTo(50);
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void putsTheLogLevelBack(@TempDir Path tmp) {
        Logger project = (Logger) LoggerFactory.getLogger("dev.tictactoe");
        var before = project.getLevel();

        Warmup.run(ServerConfig.builder().port(0).build(), BUDGET, 20, tmp);

        assertThat(project.getLevel()).isEqualTo(before);
    }

    @Test
    void theRealServersSmallLimitsDoNotRefuseTheWarmUpsGames(@TempDir Path tmp) {
        ServerConfig tight =
                ServerConfig.builder()
                        .port(0)
                        .maxRooms(1)
                        .maxMembersPerRoom(1)
                        .maxNameLength(1)
                        .messagesPerSecond(1)
                        .messageBurst(1)
                        .build();

        Warmup.Result result = Warmup.run(tight, BUDGET, 50, tmp);

        assertThat(result.errors()).isZero();
        assertThat(result.moves()).isBetween(50L, 50L + 2 * Warmup.ROOMS);
    }

    @Test
    void stopsAtItsTimeBudget(@TempDir Path tmp) {
        Warmup.Result result =
                Warmup.run(
                        ServerConfig.builder().port(0).build(), Duration.ZERO, Long.MAX_VALUE, tmp);

        // The budget is spent before the first turn: the bot does not think, the players stop
        // without moving.
        assertThat(result.errors()).isZero();
        assertThat(result.botSearches()).isZero();
        assertThat(result.moves()).isZero();
    }

    @Test
    void aFailedStartCostsOnlyTheWarmUp(@TempDir Path tmp) throws IOException {
        Path notADirectory = Files.createFile(tmp.resolve("file"));

        Warmup.Result result =
                Warmup.run(
                        ServerConfig.builder().port(0).dataDir(tmp).build(),
                        BUDGET,
                        10,
                        notADirectory);

        assertThat(result.moves()).isZero();
        assertThat(result.errors()).isEqualTo(1);
    }
}
