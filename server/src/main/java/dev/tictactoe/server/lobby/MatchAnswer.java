package dev.tictactoe.server.lobby;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.room.RoomSettings;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** How a waiting request ends, as its waiter hears it: exactly one answer per request. */
public sealed interface MatchAnswer {

    Ticket ticket();

    /** Join room {@code code} with {@code token} to take seat {@code seat}. */
    record Matched(
            Ticket ticket,
            String code,
            Seat seat,
            String token,
            Opponent opponent,
            RoomSettings settings)
            implements MatchAnswer {}

    /** Who sits in the other seat: a person, or a bot of level {@code bot} (null for a person). */
    record Opponent(String name, @Nullable BotLevel bot) {}

    /** Nobody came within the wait limit; {@code waited} is how long the request waited. */
    record TimedOut(Ticket ticket, Duration waited) implements MatchAnswer {}

    record Cancelled(Ticket ticket) implements MatchAnswer {}

    /** The request was paired but no room could be opened, or the server is stopping. */
    record Unavailable(Ticket ticket, String message) implements MatchAnswer {}
}
