package dev.tictactoe.server.room;

/**
 * A seat promised to a player before the room opens: the name it shows and the token that takes it.
 */
public record Reservation(String name, String token) {

    public Reservation {
        if (name == null || token == null) {
            throw new IllegalArgumentException("a reservation needs a name and a token");
        }
    }
}
