package dev.tictactoe.server.room;

/**
 * A seat promised to a player before the room opens: the name it shows, the token that takes it.
 */
public record Reservation(String name, String token) {}
