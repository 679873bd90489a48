package dev.tictactoe.server.room;

/** A seat promised to a player before the room opens: the name shown, the token that takes it. */
public record Reservation(String name, String token) {}
