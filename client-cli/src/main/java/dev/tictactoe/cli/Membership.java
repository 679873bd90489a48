package dev.tictactoe.cli;

import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.jspecify.annotations.Nullable;

/** Our place in the room: the join to send, the seat a welcome gives, its token kept. */
final class Membership {
    private final String name;
    private final String room;
    private final boolean spectate;
    private final @Nullable String matchToken;
    private final ServerAddress server;
    private @Nullable SeatTokens tokens;

    private boolean welcomed;
    private @Nullable Seat seat;

    /** The join carried a token kept from an earlier run. */
    private boolean usedSavedToken;

    Membership(
            String name,
            String room,
            boolean spectate,
            @Nullable String matchToken,
            @Nullable SeatTokens tokens,
            ServerAddress server) {
        this.name = name;
        this.room = room;
        this.spectate = spectate;
        this.matchToken = matchToken;
        this.tokens = tokens;
        this.server = server;
    }

    boolean welcomed() {
        return welcomed;
    }

    @Nullable Seat seat() {
        return seat;
    }

    boolean watching() {
        return welcomed && seat == null;
    }

    /** The first join: with the quick match's token, a token kept from an earlier run, or none. */
    ClientMessage.Join firstJoin() {
        if (tokens != null && (spectate || !tokens.claim(server, room))) {
            tokens = null;
        }
        String saved =
                matchToken != null ? matchToken : tokens == null ? null : tokens.load(server, room);
        usedSavedToken = saved != null && matchToken == null;
        return saved != null
                ? new ClientMessage.Join(Protocol.VERSION, name, saved, false, null)
                : spectate ? ClientMessage.Join.spectator(name) : ClientMessage.Join.player(name);
    }

    /** Takes in a welcome, keeping the seat's {@code token}; the words that greet the first one. */
    @Nullable String welcome(ServerMessage.Welcome w, @Nullable String token) {
        boolean first = !welcomed;
        welcomed = true;
        seat = w.seat();
        if (seat != null && tokens != null && token != null) {
            tokens.save(server, room, token);
        }
        if (first && matchToken != null && seat != null) {
            return "quick match: you play " + seat + " in room " + room;
        } else if (first && usedSavedToken && seat != null) {
            return "rejoined seat " + seat + " in room " + room;
        } else if (first && !spectate && seat == null) {
            return "both seats of room " + room + " are taken: you are watching as a spectator";
        }
        return null;
    }

    /** The join to send instead when {@code error} says the kept seat is gone (grace ran out). */
    ClientMessage.@Nullable Join rejoinAfter(ServerMessage.ErrorMessage error) {
        if (welcomed || !usedSavedToken || error.code() != ErrorCode.NOT_A_PLAYER) {
            return null;
        }
        usedSavedToken = false;
        forgetToken();
        return ClientMessage.Join.player(name);
    }

    void forgetToken() {
        if (tokens != null && !spectate) {
            tokens.forget(server, room);
        }
    }

    void release() {
        if (tokens != null) {
            tokens.release();
        }
    }
}
