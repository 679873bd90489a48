package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the room refuses, with which code and which {@code ref}, and that a refusal changes nothing.
 */
class RoomRefusalTest {

    private final RoomDriver driver = new RoomDriver(RoomDriver.classic());

    @AfterEach
    void close() {
        driver.close();
    }

    private static ServerMessage.ErrorMessage error(Client client) {
        return (ServerMessage.ErrorMessage) client.last();
    }

    @Test
    void aMoveForAVersionTheRoomHasNotReachedIsRefused() {
        Client ana = driver.join("ana");
        driver.join("bo");
        long version = driver.snapshot().version();
        for (long ahead : new long[] {version + 1, 1L << 53, Long.MAX_VALUE}) {
            ana.send(new ClientMessage.Move("m" + ahead, ahead, 4));
            assertThat(error(ana).code()).isEqualTo(ErrorCode.VERSION_AHEAD);
            assertThat(error(ana).ref()).isEqualTo("m" + ahead);
        }
        assertThat(driver.snapshot().version()).isEqualTo(version);
        assertThat(driver.snapshot().moves()).isEmpty();
        ana.send(new ClientMessage.Move("ok", version, 4));
        assertThat(driver.snapshot().moves()).hasSize(1);
    }

    @Test
    void aMoveBeforeTheOpponentArrivesIsRefusedAsWaiting() {
        Client ana = driver.join("ana");
        ana.move("m1", 4);
        assertThat(error(ana).code()).isEqualTo(ErrorCode.WAITING_FOR_OPPONENT);
        assertThat(error(ana).ref()).isEqualTo("m1");
        ana.send(new ClientMessage.Resign());
        assertThat(error(ana).code()).isEqualTo(ErrorCode.WAITING_FOR_OPPONENT);
        ana.send(new ClientMessage.Rematch());
        assertThat(error(ana).code()).isEqualTo(ErrorCode.WAITING_FOR_OPPONENT);
    }

    @Test
    void aTakebackOrAClaimNeedsAGameInProgress() {
        Client ana = driver.join("ana");
        ana.send(new ClientMessage.Undo());
        assertThat(ana.lastError()).isEqualTo(ErrorCode.WAITING_FOR_OPPONENT);
        ana.send(new ClientMessage.Claim());
        assertThat(ana.lastError()).isEqualTo(ErrorCode.WAITING_FOR_OPPONENT);
        Client bo = driver.join("bo");
        for (int cell : new int[] {0, 3, 1, 4}) {
            (cell == 0 || cell == 1 ? ana : bo).move(cell);
        }
        bo.send(new ClientMessage.Undo()); // pending when ana wins: the end of the game drops it
        ana.move(2);
        assertThat(driver.snapshot().result().winner()).isEqualTo(Seat.X);
        long version = driver.snapshot().version();
        ana.send(new ClientMessage.Undo());
        assertThat(ana.lastError()).isEqualTo(ErrorCode.GAME_OVER);
        bo.send(new ClientMessage.Undo());
        assertThat(bo.lastError()).isEqualTo(ErrorCode.GAME_OVER);
        ana.send(new ClientMessage.UndoReply(true));
        assertThat(ana.lastError()).isEqualTo(ErrorCode.NO_PENDING_REQUEST);
        bo.send(new ClientMessage.Claim());
        assertThat(bo.lastError()).isEqualTo(ErrorCode.GAME_OVER);
        assertThat(driver.snapshot().version()).isEqualTo(version);
        assertThat(driver.snapshot().moves()).hasSize(5);
    }

    @Test
    void aBotAskedIntoATakenSeatIsToldWhich() {
        Client ana = driver.join("ana");
        ana.send(new ClientMessage.InviteBot(BotLevel.EASY, Seat.X));
        assertThat(error(ana))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::message)
                .containsExactly(ErrorCode.SEAT_TAKEN, "seat X is taken");
        ana.send(new ClientMessage.InviteBot(BotLevel.EASY, Seat.O));
        assertThat(driver.snapshot().players().o().kind()).isEqualTo(PlayerKind.BOT);
        ana.send(new ClientMessage.InviteBot(BotLevel.EASY, null));
        assertThat(error(ana))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::message)
                .containsExactly(ErrorCode.SEAT_TAKEN, "there is no empty seat for the bot");
    }

    @Test
    void everyRefusalNamesTheMessageItRefuses() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        ana.send(new ClientMessage.Undo());
        assertThat(error(ana))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::ref)
                .containsExactly(ErrorCode.NOTHING_TO_UNDO, "undo");
        bo.send(new ClientMessage.UndoReply(true));
        assertThat(error(bo))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::ref)
                .containsExactly(ErrorCode.NO_PENDING_REQUEST, "undo_reply");
        ana.send(new ClientMessage.Rematch());
        assertThat(error(ana))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::ref)
                .containsExactly(ErrorCode.GAME_NOT_OVER, "rematch");
        ana.send(new ClientMessage.InviteBot(BotLevel.PERFECT, null));
        assertThat(error(ana))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::ref)
                .containsExactly(ErrorCode.SEAT_TAKEN, "invite_bot");
        ana.send(new ClientMessage.Join(Protocol.VERSION, "ana", null, false, null));
        assertThat(error(ana))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::ref)
                .containsExactly(ErrorCode.ALREADY_JOINED, "join");
        Client stranger = driver.connect();
        stranger.send(new ClientMessage.History());
        assertThat(error(stranger))
                .extracting(ServerMessage.ErrorMessage::code, ServerMessage.ErrorMessage::ref)
                .containsExactly(ErrorCode.NOT_JOINED, "history");
    }

    @Test
    void anOfferBelongsToTheOccupantNotTheSeat() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        bo.send(new ClientMessage.Resign());
        ana.send(new ClientMessage.Rematch());
        assertThat(driver.snapshot().rematch()).containsExactly(Seat.X);
        ana.send(new ClientMessage.Leave());
        assertThat(bo.view().rematch()).isEmpty();

        Client cy = driver.join("cy");
        assertThat(cy.seat()).isEqualTo(Seat.X);
        bo.send(new ClientMessage.Rematch());
        assertThat(driver.snapshot().game()).isEqualTo(1);
        assertThat(driver.snapshot().rematch()).containsExactly(Seat.O);
        cy.send(new ClientMessage.Rematch());
        assertThat(driver.snapshot().game()).isEqualTo(2);
        assertThat(cy.view()).isEqualTo(driver.snapshot());
    }

    @Test
    void aRepeatedOfferChangesNothingAndSendsNothing() {
        Client ana = driver.join("ana");
        Client bo = driver.join("bo");
        bo.send(new ClientMessage.Resign());
        ana.send(new ClientMessage.Rematch());
        long version = driver.snapshot().version();
        int heard = bo.received.size();
        ana.send(new ClientMessage.Rematch());
        assertThat(driver.snapshot().version()).isEqualTo(version);
        assertThat(bo.received).hasSize(heard);
    }
}
