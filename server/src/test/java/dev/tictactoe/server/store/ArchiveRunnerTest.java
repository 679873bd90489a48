package dev.tictactoe.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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

    @Test
    void aGatheredRoomsGamesAreWrittenTogetherAndAGameWithoutADocumentFailsAlone()
            throws Exception {
        GameArchive archive =
                new GameArchive(
                        dir, Duration.ofDays(7), 10, new GameArchiveTest.ManualClock(), false);
        try (ArchiveRunner runner =
                new ArchiveRunner(archive, code -> true, ArchiveRunner.DEFAULT_SWEEP_INTERVAL)) {
            List<CompletableFuture<Void>> stored = new ArrayList<>();
            for (int game = 1; game <= 4; game++) {
                int n = game;
                stored.add(
                        runner.store(
                                "ROOM01",
                                n,
                                () -> {
                                    if (n == 3) {
                                        throw new IllegalStateException("no document for game 3");
                                    }
                                    return ("{\"game\":" + n + "}").getBytes();
                                }));
            }
            stored.add(runner.store("ROOM02", 1, "{}".getBytes()));
            assertThat(runner.list("ROOM01").get(10, TimeUnit.SECONDS)).containsExactly(1, 2, 4);
            assertThat(runner.list("ROOM02").get(10, TimeUnit.SECONDS)).containsExactly(1);
            assertThat(stored.get(2)).isCompletedExceptionally();
            for (int i : new int[] {0, 1, 3, 4}) {
                assertThat(stored.get(i)).isCompleted().isNotCompletedExceptionally();
            }
        }
    }

    @Test
    void gatheredGamesAreWrittenBeforeAnyReadAndRefusedOnceClosed() throws Exception {
        GameArchive archive =
                new GameArchive(
                        dir, Duration.ofDays(7), 10, new GameArchiveTest.ManualClock(), false);
        ArchiveRunner runner =
                new ArchiveRunner(archive, code -> true, ArchiveRunner.DEFAULT_SWEEP_INTERVAL);
        List<CompletableFuture<Void>> stored = new ArrayList<>();
        for (int game = 1; game <= 5; game++) {
            stored.add(runner.store("ROOM01", game, ("{\"game\":" + game + "}").getBytes()));
        }
        // The listing runs before the gathering is due, and still sees all five.
        assertThat(runner.list("ROOM01").get(10, TimeUnit.SECONDS)).containsExactly(1, 2, 3, 4, 5);
        for (CompletableFuture<Void> f : stored) {
            assertThat(f).isCompleted();
        }
        runner.close();
        assertThatThrownBy(() -> runner.store("ROOM01", 6, new byte[0]).get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(ArchiveRunner.GATHER).isEqualTo(Duration.ofMillis(20));
    }
}
