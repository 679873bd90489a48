package dev.tictactoe.cli;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.jspecify.annotations.Nullable;

/**
 * Our place in the room: the join to send (with the seat token kept from an earlier run, or the one
 * a quick match handed out), the seat a welcome gives (its token kept for a later run), and a fresh
 * join when the kept seat turns out to be gone.
 */
final class Membership {
    private final String name;
    private final String room;
    private final boolean spectate;
    private final @Nullable String matchToken;
    private final KeptSeat kept;

    private boolean welcomed;
    private @Nullable Seat seat;

    /** The join carried a token kept from an earlier run. */
    private boolean usedSavedToken;

    Membership(
            String name,
            String room,
            boolean spectate,
            @Nullable String matchToken,
            KeptSeat kept) {
        this.name = name;
        this.room = room;
        this.spectate = spectate;
        this.matchToken = matchToken;
        this.kept = kept;
    }

    /** Whether a join of this stay has been welcomed. */
    boolean welcomed() {
        return welcomed;
    }

    /** Our seat, or null when watching (or before the welcome). */
    @Nullable Seat seat() {
        return seat;
    }

    /** Welcomed without a seat. */
    boolean watching() {
        return welcomed && seat == null;
    }

    /** Where the seat token is kept between runs. */
    KeptSeat kept() {
        return kept;
    }

    /** The first join: with the quick match's token, a token kept from an earlier run, or none. */
    ClientMessage.Join firstJoin() {
        kept.claim();
        String saved = matchToken != null ? matchToken : kept.load();
        usedSavedToken = saved != null && matchToken == null;
        if (saved != null) {
            return new ClientMessage.Join(Protocol.VERSION, name, saved, false, null);
        }
        return spectate ? ClientMessage.Join.spectator(name) : ClientMessage.Join.player(name);
    }

    /**
     * Takes in a welcome, keeping the seat's {@code token}; the words that greet the first one, or
     * null.
     */
    @Nullable String welcome(ServerMessage.Welcome w, @Nullable String token) {
        boolean first = !welcomed;
        welcomed = true;
        seat = w.seat();
        if (seat != null) {
            kept.save(token);
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

    /**
     * The join to send instead when {@code error} says the seat kept from an earlier run is gone
     * (its grace ran out): a fresh one, as if there were no token.
     */
    ClientMessage.@Nullable Join rejoinAfter(ServerMessage.Error error) {
        if (welcomed || !usedSavedToken || error.code() != ErrorCode.NOT_A_PLAYER) {
            return null;
        }
        usedSavedToken = false;
        kept.forget();
        return ClientMessage.Join.player(name);
    }
}
