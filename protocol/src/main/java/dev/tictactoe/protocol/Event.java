package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** What a diff did, so a client can announce it without comparing snapshots. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public sealed interface Event {

    /** {@code seat} played {@code cell}; {@code moveId} is the client's id (the bot's for bots). */
    record Moved(Seat seat, int cell, String moveId) implements Event {}

    /** A person took {@code seat}. */
    record Joined(Seat seat, String name) implements Event {}

    /** A bot of {@code level} took {@code seat}. */
    record BotJoined(Seat seat, BotLevel level) implements Event {}

    /** The player in {@code seat} left for good; the seat is empty. */
    record Left(Seat seat) implements Event {}

    /** The connection of {@code seat} dropped; the seat is held for the grace period. */
    record Disconnected(Seat seat) implements Event {}

    /** The player in {@code seat} is back. */
    record Reconnected(Seat seat) implements Event {}

    /** {@code seat} asks the opponent to allow a takeback. */
    record UndoRequested(Seat seat) implements Event {}

    /** {@code seat} declined the pending takeback request. */
    record UndoDeclined(Seat seat) implements Event {}

    /** The takeback {@code seat} asked for happened: {@code cells} cleared, last played first. */
    record Undone(Seat seat, List<Integer> cells) implements Event {
        public Undone {
            cells = List.copyOf(cells);
        }
    }

    /** {@code seat} resigned; the result is in the snapshot. */
    record Resigned(Seat seat) implements Event {}

    /** {@code seat} offered a rematch. */
    record RematchOffered(Seat seat) implements Event {}

    /** Both sides agreed: game number {@code game} starts on an empty board. */
    record RematchStarted(int game) implements Event {}

    /** The game ended without a move or resignation saying so (a grace ran out, a flag fell). */
    record GameOver(@Nullable Seat winner, ResultReason reason) implements Event {}

    /** The number of spectators is now {@code count}. */
    record SpectatorsChanged(int count) implements Event {}
}
