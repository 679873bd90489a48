package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.junit.jupiter.api.Test;

import java.net.ConnectException;

class EndingsTest {
    private static final ServerAddress SERVER = ServerAddress.parse("http://127.0.0.1:8080");
    private final Endings endings = new Endings(SERVER, "K7MQ2P", false);

    private static RoomFollower.Listener.Stopped stopped(
            RoomFollower.Listener.Stop why, int code, String reason) {
        return new RoomFollower.Listener.Stopped(
                why, new GameConnection.CloseInfo(code, reason), null);
    }

    /** How a welcomed player in seat X ends when the follower stops so. */
    private Endings.Ending seated(RoomFollower.Listener.Stop why, int code, String reason) {
        return endings.stopped(stopped(why, code, reason), true, null, Seat.X);
    }

    @Test
    void aServerThatCannotBeReachedIsAnErrorInWords() {
        Endings.Ending end =
                endings.stopped(
                        new RoomFollower.Listener.Stopped(
                                RoomFollower.Listener.Stop.UNREACHABLE,
                                null,
                                new ConnectException()),
                        false,
                        null,
                        null);
        assertThat(end)
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ERROR,
                                "cannot reach the server at " + SERVER + ": connection refused",
                                false));
        assertThat(endings.openFailure(new ProtocolException(ErrorCode.UNKNOWN_ROOM, "no")))
                .isEqualTo("there is no room K7MQ2P on " + SERVER + " (check the code)");
        assertThat(endings.openFailure(new ProtocolException(ErrorCode.RATE_LIMITED, "slow")))
                .isEqualTo("the server refused the connection: " + ErrorCode.RATE_LIMITED.text());
    }

    @Test
    void aRoomThatIsGoneForgetsTheTokenAndSaysWhetherItEverExisted() {
        RoomFollower.Listener.Stopped gone =
                new RoomFollower.Listener.Stopped(RoomFollower.Listener.Stop.ROOM_GONE, null, null);
        assertThat(endings.stopped(gone, true, null, Seat.X))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ABORTED,
                                "room K7MQ2P no longer exists on "
                                        + SERVER
                                        + " (the server may have restarted)",
                                true));
        assertThat(endings.stopped(gone, false, null, null))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ERROR,
                                "there is no room K7MQ2P on " + SERVER + " (check the code)",
                                true));
    }

    @Test
    void aRoomClosedByTheOperatorSaysSoWithTheReason() {
        assertThat(
                        seated(
                                RoomFollower.Listener.Stop.ROOM_GONE,
                                CloseCodes.ROOM_CLOSED,
                                "abuse reported"))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ABORTED,
                                "room K7MQ2P was closed by the server's operator (abuse reported)",
                                true));
    }

    @Test
    void closesTheServerMeansForGoodAreSaidWithTheirReasons() {
        assertThat(seated(RoomFollower.Listener.Stop.REPLACED, CloseCodes.REPLACED, ""))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ABORTED,
                                "this seat was taken over by another connection",
                                false));
        assertThat(seated(RoomFollower.Listener.Stop.LEFT, CloseCodes.LEFT, "bye"))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ABORTED,
                                "the server closed the connection: left (bye)",
                                true));
        assertThat(
                        seated(
                                        RoomFollower.Listener.Stop.POLICY,
                                        CloseCodes.POLICY_VIOLATION,
                                        "rate")
                                .why())
                .isEqualTo("the server closed the connection: too many messages");
        assertThat(seated(RoomFollower.Listener.Stop.POLICY, CloseCodes.MESSAGE_TOO_BIG, "").why())
                .isEqualTo("the server closed the connection: message too big");
    }

    @Test
    void givingUpAndLeavingAreAborts() {
        assertThat(
                        endings.stopped(
                                new RoomFollower.Listener.Stopped(
                                        RoomFollower.Listener.Stop.GAVE_UP,
                                        null,
                                        new IllegalStateException(
                                                "connection lost; gave up after 10 attempts")),
                                true,
                                null,
                                Seat.X))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ABORTED,
                                "connection lost; gave up after 10 attempts to reconnect",
                                false));
        assertThat(
                        endings.stopped(
                                new RoomFollower.Listener.Stopped(
                                        RoomFollower.Listener.Stop.BY_REQUEST, null, null),
                                true,
                                null,
                                Seat.X))
                .isEqualTo(new Endings.Ending(ExitCodes.ABORTED, null, false));
    }

    @Test
    void aCloseBeforeTheWelcomeNamesTheLastRefusalOrTheCloseCode() {
        RoomFollower.Listener.Stopped closed =
                stopped(RoomFollower.Listener.Stop.CLOSED, CloseCodes.SERVER_ERROR, "");
        assertThat(endings.stopped(closed, false, null, null))
                .isEqualTo(
                        new Endings.Ending(
                                ExitCodes.ERROR,
                                "the server closed the connection before letting us in (server"
                                        + " error)",
                                false));
        ServerMessage.ErrorMessage full =
                new ServerMessage.ErrorMessage(ErrorCode.ROOM_FULL, "64 members", "join");
        assertThat(endings.stopped(closed, false, full, null).why())
                .isEqualTo("cannot join room K7MQ2P: 64 members");
        assertThat(
                        endings.stopped(
                                        new RoomFollower.Listener.Stopped(
                                                RoomFollower.Listener.Stop.CLOSED, null, null),
                                        true,
                                        null,
                                        Seat.X)
                                .code())
                .isEqualTo(ExitCodes.ABORTED);
    }

    @Test
    void aSeatNoLongerHeldIsSaidForAQuickMatchOrAKeptSeat() {
        ServerMessage.ErrorMessage gone =
                new ServerMessage.ErrorMessage(
                        ErrorCode.NOT_A_PLAYER, ErrorCode.NOT_A_PLAYER.text(), "join");
        assertThat(new Endings(SERVER, "K7MQ2P", true).refusal(gone, false, null))
                .isEqualTo("the seat the quick match gave you in room K7MQ2P is no longer held");
        assertThat(endings.refusal(gone, true, Seat.O))
                .isEqualTo("seat O in room K7MQ2P was given up: the time to come back ran out");
        assertThat(
                        endings.refusal(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.BAD_MESSAGE, "what?", "join"),
                                false,
                                null))
                .isEqualTo("the server refused to let us in: what?");
    }
}
