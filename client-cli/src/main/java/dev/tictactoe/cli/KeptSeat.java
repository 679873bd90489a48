package dev.tictactoe.cli;

import dev.tictactoe.client.ServerAddress;

import org.jspecify.annotations.Nullable;

/**
 * The seat token of one room as kept between runs in {@link SeatTokens}, or nothing when it is not
 * kept: for a spectator, without a state directory, or when another client on this machine plays
 * the room already.
 */
final class KeptSeat {
    private final ServerAddress server;
    private final String room;
    private final boolean spectate;
    private @Nullable SeatTokens tokens;

    KeptSeat(@Nullable SeatTokens tokens, ServerAddress server, String room, boolean spectate) {
        this.tokens = tokens;
        this.server = server;
        this.room = room;
        this.spectate = spectate;
    }

    /**
     * Claims the room's token for this client: from here on nothing is kept when watching or when
     * another client holds the claim.
     */
    void claim() {
        if (tokens != null && (spectate || !tokens.claim(server, room))) {
            tokens = null;
        }
    }

    /** The token kept from an earlier run. */
    @Nullable String load() {
        return tokens == null ? null : tokens.load(server, room);
    }

    /** Keeps {@code token} (if any) for a later run. */
    void save(@Nullable String token) {
        if (tokens != null && token != null) {
            tokens.save(server, room, token);
        }
    }

    /** Forgets the kept token: the seat is given up or gone. */
    void forget() {
        if (tokens != null && !spectate) {
            tokens.forget(server, room);
        }
    }

    /** Lets another client claim the room again. */
    void release() {
        if (tokens != null) {
            tokens.release();
        }
    }
}
