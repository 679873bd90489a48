package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A room written down after every change and rebuilt from the last checkpoint, as after a restart.
 */
class CheckpointTest {

    private static final Duration GRACE = RoomDriver.LIMITS.seatGrace();

    private final RoomDriver driver = new RoomDriver(RoomDriver.classic());

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void aRoomWritesItsStateWhenCreatedThenOneRecordPerChangeAtItsVersion() {
        Client ana = driver.join("ana");
        driver.join("bo");
        ana.move(0);
        long version = driver.snapshot().version();
        assertThat(driver.journal.checkpointVersions()).containsExactly(0L);
        assertThat(driver.journal.changeVersions()).hasSize((int) version);
        for (int i = 0; i < version; i++) {
            assertThat(driver.journal.changeVersions().get(i)).isEqualTo(i + 1L);
        }
        assertThat(driver.journal.entries)
                .extracting(RoomDriver.Journal.Entry::kind)
                .containsExactly(null, Change.Seated.class, Change.Seated.class, Change.Said.class);
    }

    @Test
    void theWholeStateIsWrittenEveryHundredChangesTheFirstTimeSoonerAsTheCodeFalls() {
        assertThat(RoomJournal.DEFAULT_CHECKPOINT_EVERY).isEqualTo(100);
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        while (driver.snapshot().version() < 330) {
            ana.send(new ClientMessage.Resign());
            ana.send(new ClientMessage.Rematch());
            bo.send(new ClientMessage.Rematch());
        }
        // Rooms made together do not all checkpoint at once: each starts at its own point.
        long first = 100 - Math.floorMod(driver.room.code().hashCode(), 100);
        assertThat(first).isBetween(1L, 100L);
        assertThat(driver.journal.checkpointVersions())
                .startsWith(0L, first, first + 100, first + 200);
        Snapshot before = driver.snapshot();
        driver.restart();
        assertThat(driver.snapshot().score()).isEqualTo(before.score());
        assertThat(driver.snapshot().game()).isEqualTo(before.game());
    }

    @Test
    void aRebuiltRoomHasTheSameGameTokensAndVersionsAndPlaysOn() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        Client eve = driver.join("eve");
        ana.move(0);
        bo.move(3);
        ana.move(1);
        Snapshot before = driver.snapshot();
        JsonNode anaView = ana.view;

        driver.restart();

        Snapshot after = driver.snapshot();
        // Every player dropped and the spectator went: one diff for the spectators, one per seat.
        assertThat(after.version()).isEqualTo(before.version() + 3);
        assertThat(after.room()).isEqualTo(before.room());
        assertThat(after.settings()).isEqualTo(before.settings());
        assertThat(after.board()).isEqualTo(before.board());
        assertThat(after.moves()).isEqualTo(before.moves());
        assertThat(after.turn()).isEqualTo(before.turn());
        assertThat(after.score()).isEqualTo(before.score());
        assertThat(after.spectators()).isZero();
        for (Seat seat : Seat.values()) {
            Snapshot.Player player = after.players().seat(seat);
            assertThat(player.name()).isEqualTo(before.players().seat(seat).name());
            assertThat(player.connected()).isFalse();
            assertThat(player.graceUntil()).isEqualTo(driver.nowMillis + GRACE.toMillis());
        }

        // Ana comes back with her token and catches up from the version she had, by diffs.
        Client ana2 = driver.connect();
        ana2.send(
                new ClientMessage.Join(
                        Protocol.VERSION, "ana", ana.token(), false, before.version()));
        assertThat(ana2.seat()).isEqualTo(Seat.X);
        ana2.view = anaView;
        ana2.viewVersion = before.version();
        int received = ana2.received.size();
        ana2.send(new ClientMessage.Sync(before.version()));
        assertThat(ana2.received.subList(received, ana2.received.size()))
                .allMatch(ServerMessage.Diff.class::isInstance)
                .hasSize(4); // and her own return
        assertThat(ana2.view()).isEqualTo(driver.snapshot());

        Client stranger = driver.connect();
        stranger.send(new ClientMessage.Join(Protocol.VERSION, "x", "not-a-token", false, null));
        assertThat(stranger.lastError()).isEqualTo(ErrorCode.NOT_A_PLAYER);

        Client bo2 = bo.rejoin();
        assertThat(bo2.seat()).isEqualTo(Seat.O);
        bo2.move(4);
        ana2.move(2);
        Snapshot over = driver.snapshot();
        assertThat(over.status()).isEqualTo(RoomStatus.OVER);
        assertThat(over.result().winner()).isEqualTo(Seat.X);
        assertThat(over.score().x()).isEqualTo(1);
        assertThat(driver.journal.games).containsOnlyKeys(1);
        assertThat(driver.journal.games.get(1))
                .isEqualTo(
                        "{\"room\":\"K7MQ2P\",\"game\":1,"
                                + "\"settings\":{\"size\":3,\"winLength\":3,\"earlyDraw\":true},"
                                + "\"players\":{\"X\":\"ana\",\"O\":\"bo\"},\"first\":\"X\","
                                + "\"moves\":[0,3,1,4,2],\"winner\":\"X\",\"reason\":\"line\","
                                + "\"line\":[0,1,2],\"endedAt\":1800000000000}");
        assertThat(eve.closedWith).isNull();
    }

    @Test
    void aPlayerWhoDoesNotComeBackLosesTheSeatAfterTheGraceAndAnEmptyRoomGoes() {
        Client ana = driver.join("ana");
        driver.join("bo");
        ana.move(0);
        driver.restart();
        driver.advance(GRACE);
        assertThat(driver.snapshot().players().x()).isNull();
        assertThat(driver.snapshot().result().reason()).isEqualTo(ResultReason.ABANDONED);
        driver.advance(RoomDriver.LIMITS.emptyRoomTtl());
        assertThat(driver.removed).containsExactly(driver.room);
        assertThat(driver.journal.closed).containsExactly("K7MQ2P@" + driver.snapshot().version());
    }

    @Test
    void aCheckpointWithEveryFieldSetReadsBackAsItWasWritten() throws Exception {
        RoomSettings settings =
                new RoomSettings(
                        new Rules(3, 3),
                        Seat.O,
                        Seat.X,
                        false,
                        true,
                        BotLevel.HARD,
                        TimeControl.parse("5m+3s"));
        RoomCore core = new RoomCore(settings, Duration.ofSeconds(60));
        core.seats.put(
                Seat.X,
                new Occupant("ana", "t1", null, false, 1_800_000_060_000L, Map.of("m1", 3L)));
        core.version = 17;
        core.boardVersion = 15;
        core.spectators = 2;
        Match match = core.match;
        match.game = 2;
        match.status = RoomStatus.PLAYING;
        match.board = new Board(settings.rules(), Seat.O);
        match.play(Seat.O, 4, "m1");
        match.play(Seat.X, 0, null);
        match.result = new Match.Result(Seat.X, ResultReason.LINE, List.of(0, 4, 8));
        match.xWins = 1;
        match.undoRequest = Seat.X;
        match.rematchOffers.add(Seat.O);
        match.time.clock = new GameClock(TimeControl.parse("5m+3s"));
        match.time.clock.start(Seat.O, 1_000, 1_800_000_000_000L);
        match.time.clock.moved(Seat.O, 5_000);
        match.time.idle = new IdleClaim(7, 8, Duration.ofSeconds(60));
        RoomState state =
                new RoomState(
                        "K7MQ2P",
                        42L,
                        core,
                        List.of(
                                new GameRecord(
                                        1,
                                        Seat.X,
                                        List.of(0, 1, 4, 2, 8),
                                        Seat.X,
                                        ResultReason.LINE,
                                        List.of(0, 4, 8))),
                        driver.snapshot(),
                        1_000L,
                        1_800_000_000_000L,
                        null,
                        1_799_999_000_000L);
        String json = RoomState.JSON.writeValueAsString(state);
        RoomState again = RoomState.fromJson(json.getBytes(StandardCharsets.UTF_8));
        assertThat(again.core().settings).isEqualTo(settings);
        assertThat(again.shown()).isEqualTo(state.shown());
        assertThat(again.createdAt()).isEqualTo(state.createdAt());
        assertThat(RoomState.JSON.writeValueAsString(again)).isEqualTo(json);
        // A checkpoint written when the level was spelled in capitals reads the same.
        assertThat(json).contains("\"bot\":\"hard\"");
        RoomState older =
                RoomState.fromJson(
                        json.replace("\"bot\":\"hard\"", "\"bot\":\"HARD\"")
                                .getBytes(StandardCharsets.UTF_8));
        assertThat(RoomState.JSON.writeValueAsString(older)).isEqualTo(json);
        // One that wrote a result without a line as null reads it as no line.
        assertThat(
                        RoomState.JSON
                                .readValue(
                                        "{\"winner\":null,\"reason\":\"draw\",\"line\":null}",
                                        Match.Result.class)
                                .line())
                .isEmpty();
    }

    @Test
    void theStateSurvivesJsonUnchanged() throws Exception {
        Client ana = driver.join("ana");
        driver.join("bo");
        ana.move(4);
        byte[] json = RoomState.of(driver.room);
        assertThat(RoomState.JSON.writeValueAsString(RoomState.fromJson(json)))
                .isEqualTo(new String(json, StandardCharsets.UTF_8));
    }

    @Test
    void aClientBehindTheCheckpointIsAnsweredWithASnapshotAfterARestart() {
        driver.journal.checkpointEvery = 1;
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        ana.move(0);
        bo.move(4);
        long checkpointed = driver.snapshot().version();
        driver.restart();

        Client ana2 = driver.connect();
        ana2.send(new ClientMessage.Join(Protocol.VERSION, "ana", ana.token(), false, null));
        int received = ana2.received.size();
        ana2.send(new ClientMessage.Sync(checkpointed));
        // The diffs after the checkpoint are held again: the restart's own, and her return.
        assertThat(ana2.received.subList(received, ana2.received.size()))
                .isNotEmpty()
                .allMatch(ServerMessage.Diff.class::isInstance);
        received = ana2.received.size();
        ana2.send(new ClientMessage.Sync(checkpointed - 1));
        assertThat(ana2.received.subList(received, ana2.received.size()))
                .singleElement()
                .isInstanceOf(ServerMessage.SnapshotMessage.class);
    }
}
