package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random members send random messages, valid and not, to one room on the embedded loop; after every
 * step the room's promises hold: one version per real change, every up-to-date member's copy
 * (rebuilt from its diffs) equals the room's snapshot, and no move is applied twice or out of turn.
 */
class RoomPropertyTest {

    private static final int STEPS = 600;
    private static final BotLevel[] LEVELS = BotLevel.values();

    /** A stand-in search: repeatable from its seed, and now and then broken or wrong. */
    static BotMove search(
            dev.tictactoe.server.game.Board board, BotLevel level, Duration budget, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        if (random.nextInt(10) == 0) {
            throw new IllegalStateException("search broke");
        }
        int[] empty = new int[board.rules().cells()];
        int count = board.legalMoves(empty);
        int cell =
                random.nextInt(10) == 0
                        ? board.rules().cells()
                        : empty[random.nextInt(Math.max(1, count))];
        return new BotMove(cell, level, false, 0, 0, 0, "random");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void theRoomKeepsItsPromisesUnderRandomTraffic(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int size = seed % 2 == 0 ? 4 : 3;
        RoomSettings settings =
                new RoomSettings(
                        new Rules(size, 3),
                        Seat.X,
                        seed % 3 == 0 ? Seat.O : Seat.X,
                        true,
                        true,
                        null,
                        null);
        try (RoomDriver driver =
                new RoomDriver(settings, RoomDriver.LIMITS, seed, RoomPropertyTest::search)) {
            Client observer = driver.connect();
            observer.send(new ClientMessage.Join(Protocol.VERSION, "observer", null, true, null));
            List<Client> clients = new ArrayList<>();
            List<String> tokens = new ArrayList<>();
            long version = driver.snapshot().version();
            for (int step = 0; step < STEPS; step++) {
                int diffsBefore = diffs(observer).size();
                act(random, driver, clients, tokens);
                Snapshot now = driver.snapshot();
                List<ServerMessage.Diff> seen = diffs(observer);
                List<ServerMessage.Diff> fresh = seen.subList(diffsBefore, seen.size());
                String context = "seed " + seed + " step " + step;

                assertThat(now.version()).as(context).isEqualTo(version + fresh.size());
                for (int i = 0; i < fresh.size(); i++) {
                    ServerMessage.Diff diff = fresh.get(i);
                    assertThat(diff.version()).as(context).isEqualTo(version + i + 1);
                    assertThat(diff.ops())
                            .as(context + ": a diff with no real change")
                            .anyMatch(op -> !op.path().equals("/version"));
                }
                version = now.version();
                assertThat(observer.view()).as(context).isEqualTo(now);
                for (Client client : clients) {
                    if (client.session.joined && client.writable && !client.session.lagging) {
                        assertThat(client.view()).as(context + " " + client.session).isEqualTo(now);
                    }
                }
                assertMovesAreSound(now, context);
            }
        }
    }

    private static List<ServerMessage.Diff> diffs(Client client) {
        return client.received.stream()
                .filter(ServerMessage.Diff.class::isInstance)
                .map(ServerMessage.Diff.class::cast)
                .toList();
    }

    /** Seats alternate from the game's first mover, no cell twice, no move id twice per seat. */
    private static void assertMovesAreSound(Snapshot snapshot, String context) {
        Set<Integer> cells = new HashSet<>();
        Set<String> ids = new HashSet<>();
        Seat expected = null;
        for (Snapshot.MoveEntry move : snapshot.moves()) {
            if (expected != null) {
                assertThat(move.seat()).as(context + " out of turn").isEqualTo(expected);
            }
            assertThat(cells.add(move.cell())).as(context + " cell played twice").isTrue();
            assertThat(ids.add(move.seat() + "/" + move.id()))
                    .as(context + " move applied twice")
                    .isTrue();
            expected = move.seat().opponent();
        }
    }

    /**
     * One random step: a member joins, comes back, drops, stalls, sends a message, or time passes.
     */
    static void act(
            SplittableRandom random, RoomDriver driver, List<Client> clients, List<String> tokens) {
        List<Client> live =
                clients.stream().filter(c -> c.closedWith == null && !c.dropped).toList();
        int roll = random.nextInt(100);
        if (live.isEmpty() || roll < 8) {
            Client client = driver.connect();
            clients.add(client);
            String name =
                    random.nextInt(8) == 0
                            ? (random.nextBoolean() ? " " : "\u202Eevil")
                            : "p" + clients.size();
            client.send(
                    new ClientMessage.Join(
                            random.nextInt(20) == 0 ? 2 : Protocol.VERSION,
                            name,
                            null,
                            random.nextInt(4) == 0,
                            null));
            if (client.last() instanceof ServerMessage.Welcome w && w.token() != null) {
                tokens.add(w.token());
            }
            return;
        }
        if (roll < 12 && !tokens.isEmpty()) {
            Client client = driver.connect();
            clients.add(client);
            String token =
                    random.nextInt(6) == 0 ? "forged" : tokens.get(random.nextInt(tokens.size()));
            client.send(new ClientMessage.Join(Protocol.VERSION, "back", token, false, null));
            return;
        }
        Client client = live.get(random.nextInt(live.size()));
        if (roll < 16) {
            client.drop();
            client.dropped = true;
        } else if (roll < 22) {
            client.writable = !client.writable;
            if (client.writable) {
                driver.room.writable(client.session);
                driver.runTasks();
            }
        } else if (roll < 26) {
            driver.advance(Duration.ofSeconds(random.nextInt(4) == 0 ? 61 : 5));
        } else if (roll < 32) {
            driver.runBots();
        } else {
            client.send(message(random, driver));
        }
    }

    private static ClientMessage message(SplittableRandom random, RoomDriver driver) {
        long version = driver.snapshot().version();
        int cells = driver.room.settings().rules().cells();
        return switch (random.nextInt(13)) {
            case 0, 1, 2, 3 -> {
                long v =
                        switch (random.nextInt(6)) {
                            case 0 -> Math.max(0, version - 1 - random.nextInt(3));
                            case 1 -> version + 1 + random.nextInt(3);
                            case 2 -> 1L << 53;
                            default -> version;
                        };
                int cell =
                        random.nextInt(8) == 0 ? cells + random.nextInt(3) : random.nextInt(cells);
                yield new ClientMessage.Move("m" + random.nextInt(40), v, cell);
            }
            case 4 -> new ClientMessage.Undo();
            case 5 -> new ClientMessage.UndoReply(random.nextBoolean());
            case 6 -> new ClientMessage.Resign();
            case 7 -> new ClientMessage.Rematch();
            case 8 ->
                    new ClientMessage.InviteBot(
                            LEVELS[random.nextInt(LEVELS.length)],
                            random.nextBoolean() ? null : random.nextBoolean() ? Seat.X : Seat.O);
            case 9 ->
                    new ClientMessage.Sync(
                            random.nextBoolean() ? null : (long) random.nextInt((int) version + 4));
            case 10 ->
                    random.nextBoolean() ? new ClientMessage.History() : new ClientMessage.Leave();
            case 11 -> new ClientMessage.Claim();
            default -> new ClientMessage.Join(Protocol.VERSION, "again", null, false, null);
        };
    }
}
