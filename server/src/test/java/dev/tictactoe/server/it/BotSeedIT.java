package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Bots replay over real sockets: rooms with the same seed, in which a person plays the same moves,
 * get the same bot moves at every level, on a server that bounds searches by nodes.
 */
class BotSeedIT {

    private static final int HUMAN_MOVES = 8;
    private static final long NODES = 5_000;

    private static ServerConfig byNodes(String... flags) {
        return ServerConfig.local(
                Stream.concat(Stream.of("--bot-nodes=" + NODES), Stream.of(flags))
                        .toArray(String[]::new));
    }

    @Test
    void twoRoomsWithTheSameSeedAndTheSameMovesGetTheSameBotMovesAtEveryLevel() {
        try (TestServer server = new TestServer(byNodes())) {
            for (String level : List.of("easy", "medium", "hard", "perfect")) {
                NewRoom settings = new NewRoom(9, 5, "X", "X", true, true, level, null, 7L);
                List<Integer> first = botMoves(server, settings, false);
                // The second room also has a spectator coming and going: watchers change nothing.
                List<Integer> second = botMoves(server, settings, true);
                assertThat(first).as(level).hasSizeGreaterThan(3);
                assertThat(second).as(level).isEqualTo(first);
            }
            NewRoom easy7 = new NewRoom(9, 5, "X", "X", true, true, "easy", null, 7L);
            NewRoom easy8 = new NewRoom(9, 5, "X", "X", true, true, "easy", null, 8L);
            assertThat(botMoves(server, easy8, false))
                    .as("another seed, another game")
                    .isNotEqualTo(botMoves(server, easy7, false));
        }
    }

    @Test
    void theCreatedRoomsSettingsEchoTheSeedAsAsked() {
        try (TestServer server = new TestServer()) {
            NewRoom settings = new NewRoom(3, 3, "X", "X", true, true, "easy", null, null);
            assertThat(
                            server.api
                                    .create(
                                            new NewRoom(
                                                    3, 3, "X", "X", true, true, "easy", null, 42L))
                                    .settings()
                                    .get("botSeed")
                                    .asLong())
                    .isEqualTo(42);
            assertThat(server.api.create(settings).settings().get("botSeed").isNull()).isTrue();
        }
    }

    @Test
    void theServerSeedGivesEachRoomItsOwnBotAndAnotherRunReplaysThem() {
        NewRoom settings = new NewRoom(9, 5, "X", "X", true, true, "easy", null, null);
        List<Integer> firstRoom;
        List<Integer> secondRoom;
        try (TestServer server = new TestServer(byNodes("--bot-seed=99"))) {
            firstRoom = botMoves(server, settings, false);
            secondRoom = botMoves(server, settings, false);
        }
        assertThat(secondRoom).as("rooms do not mirror each other").isNotEqualTo(firstRoom);
        try (TestServer again = new TestServer(byNodes("--bot-seed=99"))) {
            assertThat(botMoves(again, settings, false)).isEqualTo(firstRoom);
            assertThat(botMoves(again, settings, false)).isEqualTo(secondRoom);
        }
    }

    /**
     * Creates a room with {@code settings}, plays X by a fixed rule (the first free cell of one
     * seeded order of the board) until the game ends or {@value #HUMAN_MOVES} moves are made, and
     * returns the bot's cells in order.
     */
    private static List<Integer> botMoves(
            TestServer server, NewRoom settings, boolean withSpectator) {
        String code = server.create(settings);
        GameClient me = server.player(code, "ana");
        if (withSpectator) {
            GameClient eve = server.connect(code);
            eve.spectate("eve");
            eve.leave();
        }
        int[] order = order(settings.size() * settings.size());
        for (int played = 0; played < HUMAN_MOVES; played++) {
            Snapshot s =
                    me.awaitSnapshot(
                            x -> x.status() == RoomStatus.OVER || x.turn() == Seat.X, WAIT);
            if (s.status() == RoomStatus.OVER) {
                break;
            }
            String board = String.join("", s.board());
            int cell = -1;
            for (int i = 0; i < order.length && cell < 0; i++) {
                cell = board.charAt(order[i]) == '.' ? order[i] : -1;
            }
            int moves = s.moves().size();
            me.move(cell);
            me.awaitSnapshot(
                    x -> x.moves().size() >= moves + 2 || x.status() == RoomStatus.OVER, WAIT);
        }
        List<Integer> bot = new ArrayList<>();
        for (Snapshot.MoveEntry move : me.snapshot().moves()) {
            if (move.seat() == Seat.O) {
                bot.add(move.cell());
            }
        }
        me.close();
        return bot;
    }

    /** Every cell once, in an order fixed by a constant seed. */
    private static int[] order(int cells) {
        int[] order = new int[cells];
        for (int i = 0; i < cells; i++) {
            order[i] = i;
        }
        SplittableRandom random = new SplittableRandom(2024);
        for (int i = cells - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }
}
