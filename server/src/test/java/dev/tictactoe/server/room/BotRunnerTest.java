package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.api.Test;

import java.util.List;

/** A bot whose search fails or proposes nonsense still moves: the game goes on. */
class BotRunnerTest {

    private static RoomSettings withBot() {
        return new RoomSettings(new Rules(3, 3), Seat.X, Seat.X, true, true, BotLevel.HARD, null);
    }

    @Test
    void aFailedSearchFallsBackToTheFirstEmptyCell() {
        try (RoomDriver driver =
                new RoomDriver(
                        withBot(),
                        (board, level, budget, seed) -> {
                            throw new IllegalStateException("search broke");
                        })) {
            Client ana = driver.join("ana");
            ana.move(0);
            driver.runBots();
            assertThat(ana.view().moves()).hasSize(2);
            assertThat(ana.view().moves().get(1).cell()).isEqualTo(1);
            assertThat(ana.view().turn()).isEqualTo(Seat.X);
        }
    }

    @Test
    void anIllegalBotMoveFallsBackToo() {
        try (RoomDriver driver =
                new RoomDriver(
                        withBot(),
                        (board, level, budget, seed) ->
                                new BotMove(0, level, false, 0, 0, 0, "taken"))) {
            Client ana = driver.join("ana");
            ana.move(0);
            driver.runBots();
            assertThat(ana.view().moves()).extracting(m -> m.cell()).containsExactly(0, 1);
        }
    }

    /** A search that plays the empty cell its seed picks. */
    private static final BotRunner.Search BY_SEED =
            (board, level, budget, seed) -> {
                int[] empty = new int[board.rules().cells()];
                int count = board.legalMoves(empty);
                return new BotMove(
                        empty[Math.floorMod(seed, count)], level, false, 0, 0, 0, "by seed");
            };

    @Test
    void theRoomsBotSeedMakesItsChoicesRepeatable() {
        assertThat(botReplies(7L, BY_SEED))
                .isEqualTo(botReplies(7L, BY_SEED))
                .isNotEqualTo(botReplies(8L, BY_SEED));
    }

    @Test
    void whoWatchesDoesNotChangeTheBotsChoices() {
        List<Integer> alone = botReplies(7L, BY_SEED);
        try (RoomDriver driver = new RoomDriver(withBot(), RoomDriver.LIMITS, 7L, BY_SEED)) {
            Client ana = driver.join("ana");
            // Two changes of the room's version that leave the game alone.
            Client eve = driver.connect();
            eve.send(new ClientMessage.Join(Protocol.VERSION, "eve", null, true, null));
            eve.send(new ClientMessage.Leave());
            ana.move(4);
            driver.runBots();
            ana.send(new ClientMessage.Undo());
            ana.move(0);
            driver.runBots();
            assertThat(ana.view().moves().stream().map(m -> m.cell()).toList()).isEqualTo(alone);
        }
    }

    private static List<Integer> botReplies(long seed, BotRunner.Search search) {
        try (RoomDriver driver = new RoomDriver(withBot(), RoomDriver.LIMITS, seed, search)) {
            Client ana = driver.join("ana");
            ana.move(4);
            driver.runBots();
            ana.send(new ClientMessage.Undo());
            ana.move(0);
            driver.runBots();
            return ana.view().moves().stream().map(m -> m.cell()).toList();
        }
    }
}
