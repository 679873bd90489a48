package dev.tictactoe.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

@Timeout(60)
class ArchiveRunnerTest {

    @TempDir Path dir;

    @Test
    void sweepsAtStartAndServesGamesOffTheCallersThread() throws Exception {
        GameArchiveTest.ManualClock clock = new GameArchiveTest.ManualClock();
        GameArchive archive = new GameArchive(dir, Duration.ofDays(7), 10, clock, false);
        archive.write("OLD001", 1, "{}".getBytes(StandardCharsets.UTF_8));
        clock.now = clock.now.plus(Duration.ofDays(8));

        try (ArchiveRunner runner =
                new ArchiveRunner(archive, code -> false, ArchiveRunner.DEFAULT_SWEEP_INTERVAL)) {
            // Tasks run in order on one thread, so the sweep at start has run before this listing.
            assertThat(runner.list("OLD001").get(10, TimeUnit.SECONDS)).isEmpty();
            byte[] game = "{\"game\":1}".getBytes(StandardCharsets.UTF_8);
            runner.store("NEW001", 1, game).get(10, TimeUnit.SECONDS);
            assertThat(runner.list("NEW001").get(10, TimeUnit.SECONDS)).containsExactly(1);
            assertThat(runner.read("NEW001", 1).get(10, TimeUnit.SECONDS)).hasValue(game);
            runner.roomClosed("NEW001").get(10, TimeUnit.SECONDS);
            assertThat(runner.sweep().get(10, TimeUnit.SECONDS)).isZero();
            assertThatThrownBy(() -> runner.store("bad/code", 1, game).get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(IllegalArgumentException.class);
        }
        assertThat(ArchiveRunner.DEFAULT_SWEEP_INTERVAL).isEqualTo(Duration.ofHours(1));
    }
}
