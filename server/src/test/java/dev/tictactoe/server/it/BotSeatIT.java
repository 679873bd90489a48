package dev.tictactoe.server.it;

import static dev.tictactoe.server.it.TestServer.WAIT;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The bot in a seat: same validation path as a person, never on a network thread, never losing 3×3.
 */
class BotSeatIT {

    private final TestServer server = new TestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private static int randomFreeCell(Snapshot s, SplittableRandom random) {
        List<Integer> free = new ArrayList<>();
        String board = String.join("", s.board());
        for (int i = 0; i < board.length(); i++) {
            if (board.charAt(i) == '.') {
                free.add(i);
            }
        }
        return free.get(random.nextInt(free.size()));
    }

    /** Plays random legal moves for this client's seat until the game is over. */
    private static Snapshot playRandomly(GameClient me, SplittableRandom random) {
        Seat seat = me.seat();
        while (true) {
            Snapshot s =
                    me.awaitSnapshot(
                            x -> x.status() == RoomStatus.OVER || seat.equals(x.turn()), WAIT);
            if (s.status() == RoomStatus.OVER) {
                return s;
            }
            int moves = s.moves().size();
            me.move(randomFreeCell(s, random));
            me.awaitSnapshot(x -> x.moves().size() > moves || x.status() == RoomStatus.OVER, WAIT);
        }
    }

    @Test
    void thePerfectBotNeverLosesAClassicGameAgainstRandomPlay() {
        SplittableRandom random = new SplittableRandom(2024);
        int botWins = 0;
        for (int game = 0; game < 40; game++) {
            Seat mySeat = game % 2 == 0 ? Seat.X : Seat.O;
            String first = (game / 2) % 2 == 0 ? "X" : "O";
            String code =
                    server.create(
                            new NewRoom(
                                    3, 3, mySeat.wire(), first, true, true, "perfect", null, null));
            GameClient me = server.player(code, "random");
            assertThat(me.seat()).isEqualTo(mySeat);
            Snapshot end = playRandomly(me, random);
            assertThat(end.result().winner())
                    .as("game %d: %s", game, end.moves())
                    .isNotEqualTo(mySeat);
            if (end.result().winner() != null) {
                botWins++;
            }
            me.close();
        }
        assertThat(botWins).as("random play loses most games to a perfect bot").isGreaterThan(20);
    }

    @Test
    void aBotInvitedIntoTheEmptySeatStartsTheGameAndAnswersMoves() {
        String code = server.create(new NewRoom(9, 5, "X", "X", true, true, null, null, null));
        GameClient me = server.player(code, "ana");
        me.send(new ClientMessage.InviteBot(BotLevel.HARD, null));
        Snapshot started = me.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);
        assertThat(started.players().o().kind()).isEqualTo(PlayerKind.BOT);
        me.move(40);
        Snapshot answered = me.awaitSnapshot(s -> s.moves().size() == 2, WAIT);
        assertThat(answered.moves().get(1).seat()).isEqualTo(Seat.O);
        assertThat(answered.turn()).isEqualTo(Seat.X);
    }

    @Test
    void undoAgainstTheBotTakesBackTheMoveAndTheReply() {
        String code = server.create(new NewRoom(3, 3, "X", "X", true, true, "perfect", null, null));
        GameClient me = server.player(code, "ana");
        me.move(0);
        Snapshot replied = me.awaitSnapshot(s -> s.moves().size() == 2, WAIT);
        assertThat(replied.turn()).isEqualTo(Seat.X);
        me.send(new ClientMessage.Undo());
        Snapshot undone = me.awaitSnapshot(s -> s.moves().isEmpty(), WAIT);
        assertThat(undone.turn()).isEqualTo(Seat.X);
        assertThat(undone.board()).containsExactly("...", "...", "...");
    }

    @Test
    void theBotMovesFirstWhenItStarts() {
        String code = server.create(new NewRoom(3, 3, "O", "X", true, true, "perfect", null, null));
        GameClient me = server.player(code, "ana");
        Snapshot opened = me.awaitSnapshot(s -> s.moves().size() == 1, WAIT);
        assertThat(opened.moves().get(0).seat()).isEqualTo(Seat.X);
        assertThat(opened.turn()).isEqualTo(Seat.O);
    }
}
