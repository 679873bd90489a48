package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class MembershipTest {
    private static final ServerAddress SERVER = ServerAddress.parse("http://127.0.0.1:8080");
    private static final String ROOM = "K7MQ2P";

    @TempDir Path temp;

    private Membership membership(SeatTokens tokens, boolean spectate, String matchToken) {
        return new Membership("ana", ROOM, spectate, matchToken, tokens, SERVER);
    }

    private static ServerMessage.Welcome welcome(Seat seat, String token) {
        return new ServerMessage.Welcome(
                Protocol.VERSION,
                ROOM,
                seat,
                token,
                null,
                Snapshots.playing(Seat.X, "...", "...", "..."));
    }

    @Test
    void aFirstJoinTakesASeatAndKeepsItsTokenForTheNextRun() {
        SeatTokens tokens = new SeatTokens(temp);
        Membership member = membership(tokens, false, null);
        assertThat(member.firstJoin()).isEqualTo(ClientMessage.Join.player("ana"));
        assertThat(member.welcomed()).isFalse();
        assertThat(member.welcome(welcome(Seat.X, "tok-1"), "tok-1")).isNull();
        assertThat(member.seat()).isEqualTo(Seat.X);
        assertThat(member.watching()).isFalse();
        assertThat(tokens.load(SERVER, ROOM)).isEqualTo("tok-1");
        member.forgetToken();
        assertThat(tokens.load(SERVER, ROOM)).isNull();
        member.release();
    }

    @Test
    void aKeptTokenRejoinsItsSeatAndSaysSo() {
        SeatTokens tokens = new SeatTokens(temp);
        tokens.save(SERVER, ROOM, "tok-1");
        Membership member = membership(tokens, false, null);
        assertThat(member.firstJoin())
                .isEqualTo(new ClientMessage.Join(Protocol.VERSION, "ana", "tok-1", false, null));
        assertThat(member.welcome(welcome(Seat.O, "tok-1"), "tok-1"))
                .isEqualTo("rejoined seat O in room K7MQ2P");
        assertThat(member.welcome(welcome(Seat.O, "tok-1"), "tok-1"))
                .as("only the first welcome is greeted")
                .isNull();
        member.release();
    }

    @Test
    void aKeptSeatThatIsGoneIsJoinedAfreshOnceAndForgotten() {
        SeatTokens tokens = new SeatTokens(temp);
        tokens.save(SERVER, ROOM, "old");
        Membership member = membership(tokens, false, null);
        member.firstJoin();
        ServerMessage.ErrorMessage gone =
                new ServerMessage.ErrorMessage(
                        ErrorCode.NOT_A_PLAYER, ErrorCode.NOT_A_PLAYER.text(), "join");
        assertThat(
                        member.rejoinAfter(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.ROOM_FULL, ErrorCode.ROOM_FULL.text(), "join")))
                .isNull();
        assertThat(member.rejoinAfter(gone)).isEqualTo(ClientMessage.Join.player("ana"));
        assertThat(tokens.load(SERVER, ROOM)).isNull();
        assertThat(member.rejoinAfter(gone)).as("a second refusal ends the stay").isNull();
        member.release();
    }

    @Test
    void aQuickMatchTokenTakesItsSeatAndIsGreeted() {
        SeatTokens tokens = new SeatTokens(temp);
        tokens.save(SERVER, ROOM, "older");
        Membership member = membership(tokens, false, "match-tok");
        assertThat(member.firstJoin().token()).isEqualTo("match-tok");
        assertThat(
                        member.rejoinAfter(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.NOT_A_PLAYER,
                                        ErrorCode.NOT_A_PLAYER.text(),
                                        "join")))
                .as("a quick match's seat is not retried without its token")
                .isNull();
        assertThat(member.welcome(welcome(Seat.X, "match-tok"), "match-tok"))
                .isEqualTo("quick match: you play X in room K7MQ2P");
        member.release();
    }

    @Test
    void aPlayerWhoFindsBothSeatsTakenWatchesAndASpectatorKeepsNoToken() {
        SeatTokens tokens = new SeatTokens(temp);
        Membership player = membership(tokens, false, null);
        player.firstJoin();
        assertThat(player.welcome(welcome(null, null), null))
                .isEqualTo("both seats of room K7MQ2P are taken: you are watching as a spectator");
        assertThat(player.watching()).isTrue();
        player.release();

        tokens.save(SERVER, ROOM, "tok-1");
        Membership spectator = membership(tokens, true, null);
        assertThat(spectator.firstJoin()).isEqualTo(ClientMessage.Join.spectator("ana"));
        assertThat(spectator.welcome(welcome(null, null), null)).isNull();
        spectator.forgetToken();
        assertThat(tokens.load(SERVER, ROOM))
                .as("not the spectator's to forget")
                .isEqualTo("tok-1");
    }
}
