package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What a restart does to a room, time frozen and moved by hand: the rules run on the downtime as
 * they would have with the server up, except that game clocks stand still; a resent move is
 * acknowledged; a journal that refuses records loses nothing once it takes them again.
 */
class RestartTest {

    private static final Duration GRACE = RoomDriver.LIMITS.seatGrace();
    private static final Duration MILLI = Duration.ofMillis(1);

    private RoomDriver driver;

    @AfterEach
    void close() {
        driver.close();
    }

    private Client[] pair(TimeControl clock) {
        driver =
                new RoomDriver(
                        new RoomSettings(new Rules(3, 3), Seat.X, Seat.X, true, true, null, clock));
        return new Client[] {driver.join("ana"), driver.join("bo")};
    }

    private void restartAfter(Duration down) {
        driver.restart(driver.journal.entries.size(), down);
    }

    @Test
    void aRebuiltRoomKeepsTheTimeItWasMade() {
        pair(null);
        long made = driver.room.createdAt;
        assertThat(made).isEqualTo(RoomDriver.START_MILLIS);
        driver.advance(Duration.ofMinutes(3));
        driver.join("cy");
        restartAfter(Duration.ofMinutes(10));
        assertThat(driver.room.createdAt).isEqualTo(made);
    }

    @Test
    void aGraceThatRanOutWhileTheServerWasDownAbandonsTheGameAtRecovery() {
        Client[] p = pair(null);
        p[0].move(0);
        p[1].drop();
        long deadline = driver.nowMillis + GRACE.toMillis();
        assertThat(driver.snapshot().players().o().graceUntil()).isEqualTo(deadline);

        restartAfter(GRACE.plus(Duration.ofMinutes(1)));

        Snapshot s = driver.snapshot();
        assertThat(s.status()).isEqualTo(RoomStatus.OVER);
        assertThat(s.result())
                .isEqualTo(new Snapshot.Result(Seat.X, ResultReason.ABANDONED, List.of()));
        assertThat(s.players().o()).isNull();
        // Ana was connected when the server stopped: her seat is held for a whole grace from now.
        assertThat(s.players().x().graceUntil()).isEqualTo(driver.nowMillis + GRACE.toMillis());
        assertThat(driver.journal.entries.getLast().kind()).isEqualTo(Change.Freed.class);
    }

    @Test
    void aGraceStillRunningKeepsItsWallClockDeadline() {
        Client[] p = pair(null);
        p[0].move(0);
        p[1].drop();
        long deadline = driver.nowMillis + GRACE.toMillis();

        restartAfter(Duration.ofSeconds(20));
        assertThat(driver.snapshot().players().o().graceUntil()).isEqualTo(deadline);
        driver.advance(GRACE.minusSeconds(20).minus(MILLI));
        assertThat(driver.snapshot().players().o()).isNotNull();
        driver.advance(MILLI);
        assertThat(driver.snapshot().players().o()).isNull();
        assertThat(driver.snapshot().result().reason()).isEqualTo(ResultReason.ABANDONED);
    }

    @Test
    void theClockOfTheSideToMoveStandsStillWhileTheServerIsDown() {
        Client[] p = pair(TimeControl.parse("1m"));
        driver.advance(Duration.ofSeconds(5));
        p[0].move(4);
        long turnStarted = driver.nowMillis;
        driver.advance(Duration.ofSeconds(10)); // O thinks, then the server stops

        restartAfter(Duration.ofHours(1));

        Snapshot.Clock clock = driver.snapshot().clock();
        assertThat(clock.running()).isEqualTo(Seat.O);
        assertThat(clock.x()).isEqualTo(55_000L);
        assertThat(clock.o()).isEqualTo(60_000L);
        // Nothing of the downtime counts, nor what O thought since the last change: the turn
        // shows as started that much later, with the same minute to go from now.
        assertThat(clock.turnStartedAt()).isEqualTo(driver.nowMillis);
        assertThat(clock.deadlineAt()).isEqualTo(driver.nowMillis + 60_000);
        assertThat(clock.turnStartedAt() - turnStarted)
                .isEqualTo(Duration.ofHours(1).plusSeconds(10).toMillis());
        driver.advance(Duration.ofMinutes(1).minus(MILLI));
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);
        driver.advance(MILLI);
        assertThat(driver.snapshot().result())
                .isEqualTo(new Snapshot.Result(Seat.X, ResultReason.TIMEOUT, List.of()));
    }

    @Test
    void aClockResumedOnceResumesTheSameAfterASecondRestart() {
        Client[] p = pair(TimeControl.parse("1m"));
        p[0].move(4);
        restartAfter(Duration.ofMinutes(30));
        Snapshot.Clock first = driver.snapshot().clock();
        p[0].rejoin();
        p[1].rejoin();
        driver.advance(Duration.ofSeconds(20));
        driver.restart(driver.journal.entries.size(), Duration.ofMinutes(30));
        Snapshot.Clock second = driver.snapshot().clock();
        assertThat(second.o()).isEqualTo(first.o());
        assertThat(second.deadlineAt() - first.deadlineAt())
                .isEqualTo(Duration.ofMinutes(30).plusSeconds(20).toMillis());
    }

    @Test
    void theIdleTimeOfAnUntimedGameStandsStillToo() {
        Client[] p = pair(null);
        p[0].move(4);
        driver.advance(Duration.ofSeconds(50));
        restartAfter(Duration.ofHours(1));
        assertThat(driver.snapshot().claimableAt())
                .isEqualTo(driver.nowMillis + IdleClaim.DEFAULT_AFTER.toMillis());
        Client ana = driver.connect();
        ana.send(new ClientMessage.Join(Protocol.VERSION, "ana", p[0].token(), false, null));
        ana.send(new ClientMessage.Claim());
        assertThat(ana.lastError()).isEqualTo(ErrorCode.CLAIM_TOO_EARLY);
        driver.advance(IdleClaim.DEFAULT_AFTER);
        ana.send(new ClientMessage.Claim());
        assertThat(driver.snapshot().result())
                .isEqualTo(new Snapshot.Result(Seat.X, ResultReason.ABANDONED, List.of()));
    }

    @Test
    void aMoveResentAfterARestartIsAcknowledgedNotPlayedTwice() {
        Client[] p = pair(null);
        long before = driver.snapshot().version();
        p[0].send(new ClientMessage.Move("m-7", before, 0));
        long applied = driver.snapshot().version();

        restartAfter(Duration.ofSeconds(5));

        Client ana = p[0].rejoin();
        long now = driver.snapshot().version();
        ana.send(new ClientMessage.Move("m-7", before, 0));
        assertThat(ana.last()).isEqualTo(new ServerMessage.Ack("m-7", applied));
        assertThat(driver.snapshot().version()).isEqualTo(now);
        assertThat(driver.snapshot().moves()).hasSize(1);
    }

    @Test
    void aRoomEmptyForItsWholeTimeWhileTheServerWasDownIsRemovedAtRecovery() {
        driver = new RoomDriver(RoomDriver.classic());
        Client ana = driver.join("ana");
        ana.send(new ClientMessage.Leave());
        restartAfter(RoomDriver.LIMITS.emptyRoomTtl());
        assertThat(driver.removed).containsExactly(driver.room);
        assertThat(driver.journal.closed).hasSize(1);
    }

    @Test
    void aRoomEmptyForLessKeepsTheRestOfItsTime() {
        driver = new RoomDriver(RoomDriver.classic());
        Client ana = driver.join("ana");
        ana.send(new ClientMessage.Leave());
        restartAfter(Duration.ofMinutes(2));
        assertThat(driver.removed).isEmpty();
        driver.advance(RoomDriver.LIMITS.emptyRoomTtl().minusMinutes(2).minus(MILLI));
        assertThat(driver.removed).isEmpty();
        driver.advance(MILLI);
        assertThat(driver.removed).containsExactly(driver.room);
    }

    @Test
    void whileTheJournalRefusesTheRoomPlaysOnAndItsNextRecordIsItsWholeState() {
        Client[] p = pair(null);
        p[0].move(0);
        driver.journal.refusing = true;
        p[1].move(4);
        p[0].move(1);
        assertThat(p[1].view().moves()).hasSize(3); // served from memory meanwhile
        assertThat(driver.journal.refused).isGreaterThanOrEqualTo(2);
        driver.journal.refusing = false;
        p[1].move(2);
        long version = driver.snapshot().version();
        assertThat(driver.journal.checkpointVersions()).containsExactly(0L, version);
        Snapshot before = driver.snapshot();

        restartAfter(Duration.ZERO);

        assertThat(driver.snapshot().moves()).isEqualTo(before.moves());
        assertThat(driver.snapshot().board()).isEqualTo(before.board());
    }

    @Test
    void changesReplayedAfterTheCheckpointCountTowardTheNextOne() {
        Client[] p = pair(null);
        driver.journal.checkpointEvery = 10;
        while (driver.journal.checkpointVersions().size() < 2) {
            p[0].send(new ClientMessage.Resign());
            p[0].send(new ClientMessage.Rematch());
            p[1].send(new ClientMessage.Rematch());
        }
        long checkpoint = driver.journal.checkpointVersions().getLast();
        p[0].send(new ClientMessage.Resign());
        p[0].send(new ClientMessage.Rematch());
        p[1].send(new ClientMessage.Rematch());
        assertThat(driver.snapshot().version()).isBetween(checkpoint + 1, checkpoint + 9);

        restartAfter(Duration.ZERO);
        Client ana = p[0].rejoin();
        Client bo = p[1].rejoin();
        while (driver.journal.checkpointVersions().getLast() == checkpoint) {
            ana.send(new ClientMessage.Resign());
            ana.send(new ClientMessage.Rematch());
            bo.send(new ClientMessage.Rematch());
        }

        assertThat(driver.journal.checkpointVersions().getLast()).isEqualTo(checkpoint + 10);
    }

    @Test
    void aGapInTheVersionsEndsTheReplayBeforeIt() {
        Client[] p = pair(null);
        p[0].move(0);
        long beforeGap = driver.snapshot().version();
        p[1].move(4);
        p[0].move(1);
        driver.journal.entries.remove(driver.journal.entries.size() - 2);
        Room rebuilt = driver.rebuilt(driver.journal.entries.size());
        assertThat(rebuilt.core.version).isEqualTo(beforeGap);
        assertThat(rebuilt.feed.snapshot().moves()).hasSize(1);
    }

    @Test
    void historyIsReadFromTheArchiveAndFilledInFromMemory() {
        Client[] p = pair(null);
        p[0].send(new ClientMessage.Resign());
        p[0].send(new ClientMessage.Rematch());
        p[1].send(new ClientMessage.Rematch());
        p[1].send(new ClientMessage.Resign());
        // The archive has game 1 (as it wrote it) but not yet game 2.
        GameRecord archived =
                new GameRecord(1, Seat.X, List.of(), Seat.O, ResultReason.RESIGN, List.of());
        driver.journal.archive = CompletableFuture.completedFuture(List.of(archived));
        p[0].send(new ClientMessage.History());
        assertThat(p[0].lastOf(ServerMessage.HistoryMessage.class).games())
                .containsExactly(
                        archived,
                        new GameRecord(
                                2, Seat.O, List.of(), Seat.X, ResultReason.RESIGN, List.of()));

        driver.journal.archive =
                CompletableFuture.failedFuture(new IllegalStateException("disk gone"));
        p[1].send(new ClientMessage.History());
        assertThat(p[1].lastOf(ServerMessage.HistoryMessage.class).games())
                .extracting(GameRecord::game)
                .containsExactly(1, 2);
    }

    @Test
    void aCheckpointCarriesOnlyTheNewestGamesWhenTheArchiveKeepsThemAll() {
        for (boolean archives : new boolean[] {false, true}) {
            Client[] p = pair(null);
            driver.journal.archivesGames = archives;
            playResignedGames(p, 12);
            List<Integer> newest = archives ? List.of(5, 6, 7, 8, 9, 10, 11, 12) : games(12);
            // Beside an archive, memory holds no more games than a checkpoint does.
            assertThat(driver.room.core.match.finished)
                    .extracting(GameRecord::game)
                    .containsExactlyElementsOf(newest);
            driver.journal.checkpointEvery = 1;
            p[0].move(4);
            byte[] last = driver.journal.entries.getLast().payload();
            assertThat(RoomState.fromJson(last).finished())
                    .extracting(GameRecord::game)
                    .containsExactlyElementsOf(newest);
        }
        // After a restart the archive has the older games, the checkpoint the newest.
        List<GameRecord> archived =
                games(12).stream()
                        .map(
                                g ->
                                        new GameRecord(
                                                g,
                                                Seat.X,
                                                List.of(),
                                                Seat.O,
                                                ResultReason.RESIGN,
                                                List.of()))
                        .toList();
        driver.journal.archive = CompletableFuture.completedFuture(archived);
        restartAfter(Duration.ZERO);
        Client ana = driver.join("ana");
        ana.send(new ClientMessage.History());
        assertThat(ana.lastOf(ServerMessage.HistoryMessage.class).games())
                .extracting(GameRecord::game)
                .containsExactlyElementsOf(games(12));
    }

    private static void playResignedGames(Client[] p, int count) {
        for (int g = 1; g <= count; g++) {
            p[g % 2].send(new ClientMessage.Resign());
            p[0].send(new ClientMessage.Rematch());
            p[1].send(new ClientMessage.Rematch());
        }
    }

    private static List<Integer> games(int count) {
        return java.util.stream.IntStream.rangeClosed(1, count).boxed().toList();
    }
}
