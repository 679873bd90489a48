package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

/** The room actor without sockets: an embedded loop, time moved by hand, members that record. */
class RoomTest {

    private static final Duration GRACE = RoomDriver.LIMITS.seatGrace();
    private static final Duration TTL = RoomDriver.LIMITS.emptyRoomTtl();
    private static final Duration MILLI = Duration.ofMillis(1);

    private final RoomDriver driver = new RoomDriver(RoomDriver.classic());

    @AfterEach
    void close() {
        driver.close();
    }

    private Client[] pair() {
        return new Client[] {driver.join("ana"), driver.join("bo")};
    }

    private static Event event(Client client) {
        return client.lastOf(ServerMessage.Diff.class).event();
    }

    @Test
    void theFirstTwoTakeTheSeatsAndTheGameStarts() {
        Client ana = driver.join("ana");
        assertThat(ana.seat()).isEqualTo(Seat.X);
        assertThat(ana.token()).isEqualTo("token-1");
        assertThat(ana.view().status()).isEqualTo(RoomStatus.WAITING);

        Client bo = driver.join("bo");
        assertThat(bo.seat()).isEqualTo(Seat.O);
        assertThat(event(ana)).isEqualTo(new Event.Joined(Seat.O, "bo"));
        assertThat(ana.view()).isEqualTo(driver.snapshot());
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);

        Client eve = driver.join("eve");
        assertThat(eve.seat()).isNull();
        assertThat(bo.view().spectators()).isEqualTo(1);
    }

    @Test
    void aRoomHoldsAtMostItsMemberLimit() {
        for (int i = 0; i < RoomDriver.LIMITS.maxMembersPerRoom(); i++) {
            driver.join("p" + i);
        }
        Client one = driver.connect();
        one.send(new ClientMessage.Join(Protocol.VERSION, "one", null, true, null));
        assertThat(one.lastError()).isEqualTo(ErrorCode.ROOM_FULL);
        assertThat(driver.snapshot().spectators())
                .isEqualTo(RoomDriver.LIMITS.maxMembersPerRoom() - 2);
    }

    @Test
    void aRoomWithoutSpectatorsRefusesAWatcherEvenWithASeatFree() {
        RoomSettings noSpectators =
                new RoomSettings(Rules.CLASSIC, Seat.X, Seat.X, true, false, null, null);
        try (RoomDriver closed = new RoomDriver(noSpectators)) {
            closed.join("ana");
            Client eve = closed.connect();
            eve.send(ClientMessage.Join.spectator("eve"));
            assertThat(eve.last())
                    .isEqualTo(
                            new ServerMessage.ErrorMessage(
                                    ErrorCode.SPECTATORS_DISABLED,
                                    "room "
                                            + closed.snapshot().room()
                                            + " does not allow spectators",
                                    "join"));
            Client bo = closed.join("bo");
            assertThat(bo.seat()).isEqualTo(Seat.O);
            Client carol = closed.connect();
            carol.send(new ClientMessage.Join(Protocol.VERSION, "carol", null, false, null));
            assertThat(carol.lastError()).isEqualTo(ErrorCode.ROOM_FULL);
        }
    }

    @Test
    void theMoverHearsOfItsMoveAfterTheOpponent() {
        Client[] p = pair();
        int before = p[1].received.size();
        p[0].move(4);
        assertThat(p[1].received).hasSize(before + 1);
        assertThat(event(p[1]))
                .isEqualTo(new Event.Moved(Seat.X, 4, p[0].view().moves().get(0).id()));
        assertThat(p[0].view()).isEqualTo(p[1].view()).isEqualTo(driver.snapshot());
    }

    @Test
    void aResentMoveIsAcknowledgedNotPlayedTwice() {
        Client[] p = pair();
        p[0].move("a", 4);
        long version = driver.snapshot().version();
        p[0].move("a", 4);
        assertThat(p[0].last()).isEqualTo(new ServerMessage.Ack("a", version));
        assertThat(driver.snapshot().version()).isEqualTo(version);
    }

    @Test
    void aDroppedPlayerComesBackWithItsToken() {
        Client[] p = pair();
        p[0].move(4);
        p[1].drop();
        assertThat(event(p[0])).isEqualTo(new Event.Disconnected(Seat.O));
        assertThat(p[0].view().players().o().connected()).isFalse();
        assertThat(p[0].view().players().o().graceUntil())
                .isEqualTo(RoomDriver.START_MILLIS + GRACE.toMillis());

        Client back = p[1].rejoin();
        assertThat(back.seat()).isEqualTo(Seat.O);
        assertThat(event(p[0])).isEqualTo(new Event.Reconnected(Seat.O));
        assertThat(p[0].view().players().o().graceUntil()).isNull();
        assertThat(p[0].view().players().x().graceUntil()).isNull();
        back.move(0);
        assertThat(p[0].view().board()).containsExactly("O..", ".X.", "...");
    }

    @Test
    void aSecondConnectionWithTheTokenReplacesTheFirst() {
        Client[] p = pair();
        long version = driver.snapshot().version();
        Client twin = p[0].rejoin();
        assertThat(p[0].closedWith).isEqualTo(CloseCodes.REPLACED);
        assertThat(twin.seat()).isEqualTo(Seat.X);
        // The seat never looked empty: no change to announce.
        assertThat(driver.snapshot().version()).isEqualTo(version);
        twin.move(4);
        assertThat(p[1].view().moves()).hasSize(1);
    }

    @Test
    void anUnknownTokenIsRefused() {
        pair();
        Client stranger = driver.connect();
        stranger.send(new ClientMessage.Join(Protocol.VERSION, "mallory", "forged", false, null));
        assertThat(stranger.lastError()).isEqualTo(ErrorCode.NOT_A_PLAYER);
    }

    @Test
    void leavingMidGameAbandonsItAndClosesTheConnection() {
        Client[] p = pair();
        p[0].move(4);
        p[1].send(new ClientMessage.Leave());
        assertThat(p[1].closedWith).isEqualTo(CloseCodes.LEFT);
        assertThat(event(p[0])).isEqualTo(new Event.GameOver(Seat.X, ResultReason.ABANDONED));
        Snapshot after = p[0].view();
        assertThat(after.players().o()).isNull();
        assertThat(after.score().x()).isEqualTo(1);
        assertThat(after).isEqualTo(driver.snapshot());
    }

    @Test
    void aDroppedSeatIsHeldForTheGracePeriodThenFreed() {
        Client[] p = pair();
        p[0].move(4);
        String token = p[1].token();
        p[1].drop();

        driver.advance(GRACE.minus(MILLI));
        assertThat(driver.snapshot().players().o()).isNotNull();
        driver.advance(MILLI);
        assertThat(event(p[0])).isEqualTo(new Event.GameOver(Seat.X, ResultReason.ABANDONED));
        assertThat(p[0].view().players().o()).isNull();
        assertThat(p[0].view().result().reason()).isEqualTo(ResultReason.ABANDONED);

        Client late = driver.connect();
        late.send(new ClientMessage.Join(Protocol.VERSION, "bo", token, false, null));
        assertThat(late.lastError()).isEqualTo(ErrorCode.NOT_A_PLAYER);
        Client dave = driver.join("dave");
        assertThat(dave.seat()).isEqualTo(Seat.O);
        assertThat(driver.snapshot().game()).isEqualTo(2);
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);
    }

    @Test
    void comingBackWithinTheGracePeriodKeepsTheSeatForGood() {
        Client[] p = pair();
        p[1].drop();
        driver.advance(GRACE.minus(MILLI));
        p[1].rejoin();
        driver.advance(GRACE.multipliedBy(2));
        assertThat(driver.snapshot().players().o().connected()).isTrue();
        assertThat(driver.snapshot().status()).isEqualTo(RoomStatus.PLAYING);
    }

    @Test
    void aRoomNobodyIsInIsRemovedAfterItsTimeToLive() {
        Client ana = driver.join("ana");
        ana.send(new ClientMessage.Leave());
        driver.advance(TTL.minus(MILLI));
        assertThat(driver.removed).isEmpty();
        driver.advance(MILLI);
        assertThat(driver.removed).containsExactly(driver.room);

        Client late = driver.connect();
        late.send(new ClientMessage.Join(Protocol.VERSION, "bo", null, false, null));
        assertThat(late.lastError()).isEqualTo(ErrorCode.UNKNOWN_ROOM);
    }

    @Test
    void aNewMemberStopsTheEmptyRoomTimer() {
        driver.advance(TTL.minus(MILLI));
        driver.join("ana");
        driver.advance(TTL.multipliedBy(2));
        assertThat(driver.removed).isEmpty();
    }

    @Test
    void anAcceptedTakebackRemovesTheAskersLastMove() {
        Client[] p = pair();
        p[0].move(4);
        p[1].move(0);
        p[0].move(8);
        p[0].send(new ClientMessage.Undo());
        assertThat(p[1].view().undoRequest()).isEqualTo(Seat.X);
        p[1].send(new ClientMessage.UndoReply(true));
        assertThat(event(p[0])).isEqualTo(new Event.Undone(Seat.X, java.util.List.of(8)));
        assertThat(p[0].view().moves()).hasSize(2);
        assertThat(p[0].view().turn()).isEqualTo(Seat.X);
        assertThat(p[0].view().undoRequest()).isNull();
    }

    @Test
    void aDeclinedTakebackChangesNothingOnTheBoard() {
        Client[] p = pair();
        p[0].move(4);
        p[0].send(new ClientMessage.Undo());
        p[0].send(new ClientMessage.Undo());
        assertThat(p[0].lastError()).isEqualTo(ErrorCode.NO_PENDING_REQUEST);
        p[0].send(new ClientMessage.UndoReply(true));
        assertThat(p[0].lastError()).isEqualTo(ErrorCode.NO_PENDING_REQUEST);
        p[1].send(new ClientMessage.UndoReply(false));
        assertThat(event(p[0])).isEqualTo(new Event.UndoDeclined(Seat.O));
        assertThat(p[0].view().moves()).hasSize(1);
        assertThat(p[0].view().undoRequest()).isNull();
    }

    @Test
    void aRematchStartsWhenBothOfferAndTheOtherSeatMovesFirst() {
        Client[] p = pair();
        p[0].send(new ClientMessage.Rematch());
        assertThat(p[0].lastError()).isEqualTo(ErrorCode.GAME_NOT_OVER);
        p[1].send(new ClientMessage.Resign());
        p[0].send(new ClientMessage.Rematch());
        assertThat(p[1].view().rematch()).containsExactly(Seat.X);
        p[1].send(new ClientMessage.Rematch());
        assertThat(event(p[0])).isEqualTo(new Event.RematchStarted(2));
        Snapshot next = p[0].view();
        assertThat(next.game()).isEqualTo(2);
        assertThat(next.turn()).isEqualTo(Seat.O);
        assertThat(next.rematch()).isEmpty();
        assertThat(next.score().x()).isEqualTo(1);
        assertThat(next).isEqualTo(driver.snapshot());
    }

    @Test
    void theBotAnswersAMoveOnceItsSearchRuns() {
        try (RoomDriver bot = new RoomDriver(withBot(BotLevel.PERFECT))) {
            Client ana = bot.join("ana");
            assertThat(ana.view().players().o().kind()).isEqualTo(PlayerKind.BOT);
            ana.move(4);
            assertThat(ana.view().moves()).hasSize(1);
            assertThat(bot.runBots()).isEqualTo(1);
            Snapshot after = ana.view();
            assertThat(after.moves()).hasSize(2);
            assertThat(after.moves().get(1).seat()).isEqualTo(Seat.O);
            assertThat(after.turn()).isEqualTo(Seat.X);
            assertThat(after).isEqualTo(bot.snapshot());
        }
    }

    @Test
    void aBotMoveComputedForAnOlderVersionIsDropped() {
        try (RoomDriver bot = new RoomDriver(withBot(BotLevel.EASY))) {
            Client ana = bot.join("ana");
            ana.move(4);
            // The player takes the move back before the bot's search runs: that search is void.
            ana.send(new ClientMessage.Undo());
            assertThat(bot.botQueue).hasSize(1);
            bot.runBots();
            assertThat(ana.view().moves()).isEmpty();
            assertThat(ana.view().turn()).isEqualTo(Seat.X);
        }
    }

    @Test
    void aFullBotQueueIsRetriedLater() {
        try (RoomDriver bot = new RoomDriver(withBot(BotLevel.EASY))) {
            Client ana = bot.join("ana");
            bot.botQueueCapacity = 0;
            ana.move(4);
            assertThat(bot.botQueue).isEmpty();
            bot.botQueueCapacity = Integer.MAX_VALUE;
            bot.advance(Duration.ofNanos(BotRunner.RETRY_NANOS));
            bot.runBots();
            assertThat(ana.view().moves()).hasSize(2);
        }
    }

    @Test
    void aSlowReaderSkipsBroadcastsAndGetsASnapshotWhenItDrains() {
        Client[] p = pair();
        p[1].writable = false;
        int before = p[1].received.size();
        p[0].move(4);
        driver.join("eve"); // a spectator: one more diff
        assertThat(p[1].received).hasSize(before);
        // Counted once, however many broadcasts it misses.
        assertThat(driver.metrics.scrape()).contains("ttt_members_lagging_total 1.0");
        p[1].writable = true;
        driver.room.writable(p[1].session);
        driver.runTasks();
        assertThat(p[1].last()).isInstanceOf(ServerMessage.SnapshotMessage.class);
        assertThat(p[1].view()).isEqualTo(driver.snapshot());
    }

    @Test
    void syncReplaysHeldDiffsElseSendsASnapshot() {
        Client[] p = pair();
        long before = driver.snapshot().version();
        p[0].move(4);
        p[1].move(0);
        int count = p[1].received.size();
        p[1].send(new ClientMessage.Sync(before));
        assertThat(p[1].received.subList(count, p[1].received.size()))
                .extracting(m -> ((ServerMessage.Diff) m).version())
                .containsExactly(before + 1, before + 2);
        p[1].send(new ClientMessage.Sync(null));
        assertThat(p[1].last()).isInstanceOf(ServerMessage.SnapshotMessage.class);
    }

    private static RoomSettings withBot(BotLevel level) {
        return new RoomSettings(new Rules(3, 3), Seat.X, Seat.X, true, true, level, null);
    }
}
