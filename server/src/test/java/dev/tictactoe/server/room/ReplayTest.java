package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Two scripted rooms that between them write every kind of change, each replayed from its creation
 * checkpoint after every record: the rebuilt room is the room as it was at that record.
 */
class ReplayTest {

    private final Set<Class<?>> written = new HashSet<>();

    @Test
    void everyKindOfChangeReplaysToTheRoomItMade() {
        untimedRoomWithEveryCommand();
        timedRoomThatRunsOutAndRestarts();
        assertThat(written)
                .contains(Change.class.getPermittedSubclasses())
                .contains(
                        ClientMessage.Move.class,
                        ClientMessage.Undo.class,
                        ClientMessage.UndoReply.class,
                        ClientMessage.Resign.class,
                        ClientMessage.Claim.class,
                        ClientMessage.Rematch.class,
                        ClientMessage.InviteBot.class);
    }

    private void untimedRoomWithEveryCommand() {
        try (RoomDriver driver = new RoomDriver(RoomDriver.classic())) {
            Map<Integer, String> live = watch(driver);
            Client ana = driver.join("ana");
            Client bo = driver.join("bo");
            Client eve = driver.join("eve");
            ana.move(0);
            bo.move(4);
            ana.send(new ClientMessage.Undo());
            bo.send(new ClientMessage.UndoReply(true));
            ana.move(0);
            bo.move(4);
            bo.send(new ClientMessage.Undo());
            ana.send(new ClientMessage.UndoReply(false));
            bo.drop();
            bo = bo.rejoin();
            driver.advance(IdleClaim.DEFAULT_AFTER);
            bo.send(new ClientMessage.Claim());
            ana.send(new ClientMessage.Rematch());
            bo.send(new ClientMessage.Rematch());
            bo.send(new ClientMessage.Resign());
            eve.send(new ClientMessage.Leave());
            bo.send(new ClientMessage.Leave());
            ana.send(new ClientMessage.InviteBot(BotLevel.PERFECT, Seat.O));
            ana.send(new ClientMessage.Rematch());
            ana.move(4);
            driver.runBots();
            ana.send(new ClientMessage.Undo());
            Snapshot end = driver.snapshot();
            assertThat(end.game()).isEqualTo(3);
            assertThat(end.moves()).isEmpty();
            assertThat(end.score()).isEqualTo(new Snapshot.Score(1, 1, 0));
            checkEveryPrefix(driver, live);
        }
    }

    private void timedRoomThatRunsOutAndRestarts() {
        RoomSettings timed =
                new RoomSettings(
                        new Rules(3, 3),
                        Seat.X,
                        Seat.X,
                        true,
                        true,
                        null,
                        TimeControl.parse("1m+2s"));
        try (RoomDriver driver = new RoomDriver(timed)) {
            Map<Integer, String> live = watch(driver);
            Client ana = driver.join("ana");
            Client bo = driver.join("bo");
            driver.advance(Duration.ofSeconds(5));
            ana.move(4);
            driver.advance(Duration.ofSeconds(61));
            assertThat(driver.snapshot().result().reason()).isEqualTo(ResultReason.TIMEOUT);
            ana.send(new ClientMessage.Rematch());
            bo.send(new ClientMessage.Rematch());
            driver.advance(Duration.ofSeconds(7));
            // Down for ten minutes with O's time running: the room comes back with it resumed.
            driver.restart(driver.journal.entries.size(), Duration.ofMinutes(10));
            Client anaBack = driver.connect();
            anaBack.send(new ClientMessage.Join(Protocol.VERSION, "ana", ana.token(), false, null));
            driver.restart(driver.journal.entries.size(), Duration.ofSeconds(30));
            checkEveryPrefix(driver, live);
        }
    }

    /** Keeps, after every change the room writes, everything a checkpoint would keep of it. */
    private Map<Integer, String> watch(RoomDriver driver) {
        TreeMap<Integer, String> live = new TreeMap<>();
        driver.journal.afterChange =
                () -> live.put(driver.journal.entries.size(), state(driver.room));
        return live;
    }

    private void checkEveryPrefix(RoomDriver driver, Map<Integer, String> live) {
        driver.journal.entries.stream()
                .filter(e -> e.kind() != null)
                .forEach(
                        e -> {
                            written.add(e.kind());
                            if (Change.Entry.read(e.payload()).change() instanceof Change.Said s) {
                                written.add(s.message().getClass());
                            }
                        });
        assertThat(driver.journal.checkpointVersions()).containsExactly(0L);
        live.forEach(
                (records, state) ->
                        assertThat(state(driver.rebuilt(records)))
                                .as("the room rebuilt from its first %d records", records)
                                .isEqualTo(state));
    }

    private static String state(Room room) {
        return new String(RoomState.of(room), StandardCharsets.UTF_8);
    }
}
