package dev.tictactoe.server.lobby;

import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.metrics.MatchOutcome;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.Reservation;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/** Opens the room of a pairing or a bot fill. */
@FunctionalInterface
public interface MatchRooms {

    /** What a request hears when its room could not be opened. */
    String FULL = "no room could be opened: the server is full";

    /** A room opened for a match: its code, the token of each promised seat, and its settings. */
    record Opened(String code, Map<Mark, String> tokens, RoomSettings settings) {

        /** What the player of {@code ticket}, seated at {@code seat}, hears. */
        MatchAnswer.Matched answer(Ticket ticket, Mark seat, MatchAnswer.Opponent opponent) {
            return new MatchAnswer.Matched(ticket, code, seat, token(seat), opponent, settings);
        }

        /** The token of a promised seat: a room is opened with one for each of its players. */
        String token(Mark seat) {
            return Objects.requireNonNull(tokens.get(seat), "no seat promised at " + seat);
        }
    }

    /**
     * Opens a room under {@code key} with a seat held for each of {@code players}; with a single
     * player, its ticket's bot takes the other seat. X moves first.
     *
     * @throws RoomRegistry.Full when the server holds as many rooms as it may
     */
    Opened open(MatchKey key, Map<Mark, Ticket> players) throws RoomRegistry.Full;

    /**
     * A seat of a match: its ticket, and the waiter of its request when this node holds it (null
     * when another node does) with how long it waited.
     */
    record Seat(Ticket ticket, Matchmaker.@Nullable Waiter waiter, long waitedNanos) {}

    /**
     * Opens the room of a pairing (two seats) or a bot fill (one) and answers each seat's waiter;
     * null when the server is full, which the waiters then hear.
     */
    default @Nullable Opened seat(
            MatchKey key, Map<Mark, Seat> seats, ServerMetrics metrics, Logger log) {
        Map<Mark, Ticket> players = new EnumMap<>(Mark.class);
        seats.forEach((mark, seat) -> players.put(mark, seat.ticket()));
        Opened room;
        try {
            room = open(key, players);
        } catch (RoomRegistry.Full e) {
            log.warn("no room for a match under {}: {}", key, e.getMessage());
            room = null;
        }
        for (var entry : seats.entrySet()) {
            Mark mark = entry.getKey();
            Seat seat = entry.getValue();
            Ticket ticket = seat.ticket();
            MatchAnswer answer;
            if (room == null) {
                metrics.matchEnded(MatchOutcome.UNAVAILABLE);
                answer = new MatchAnswer.Unavailable(ticket, FULL);
            } else if (seats.size() == 1) {
                metrics.matchBotFilled();
                answer =
                        room.answer(ticket, mark, MatchAnswer.Opponent.bot(Matchmaker.bot(ticket)));
            } else {
                metrics.matchPaired(seat.waitedNanos());
                String other = Objects.requireNonNull(seats.get(mark.opponent())).ticket().name();
                answer = room.answer(ticket, mark, MatchAnswer.Opponent.person(other));
            }
            Matchmaker.deliver(seat.waiter(), answer);
        }
        return room;
    }

    /**
     * The settings of a match's room: {@code first} is the seat of the player seated alone (X for a
     * pairing), whose bot sits opposite; null {@code alone} for two people.
     */
    static RoomSettings settings(MatchKey key, Mark first, @Nullable Ticket alone) {
        return new RoomSettings(
                key.rules(),
                first,
                Mark.X,
                true,
                true,
                alone == null ? null : alone.bot(),
                key.timeControl());
    }

    /**
     * Rooms in {@code registry}, created through its one path, so they are journaled like any
     * other.
     */
    static MatchRooms in(RoomRegistry registry) {
        return (key, players) -> {
            if (players.isEmpty() || players.size() > 2) {
                throw new IllegalArgumentException(
                        "a match seats one or two players, not " + players.size());
            }
            Map<Mark, Reservation> reserved = new EnumMap<>(Mark.class);
            Map<Mark, String> tokens = new EnumMap<>(Mark.class);
            players.forEach(
                    (seat, ticket) -> {
                        String token = registry.newToken();
                        reserved.put(seat, new Reservation(ticket.name(), token));
                        tokens.put(seat, token);
                    });
            // With one player, the seat it was given is the "creator" seat; the bot sits opposite.
            Mark first = players.containsKey(Mark.X) ? Mark.X : Mark.O;
            Ticket alone = players.size() == 1 ? players.get(first) : null;
            if (alone != null && !alone.wantsBot()) {
                throw new IllegalArgumentException("a player seated alone needs a bot opposite");
            }
            RoomSettings settings = settings(key, first, alone);
            Room room = registry.create(settings, reserved);
            return new Opened(room.code(), Map.copyOf(tokens), settings);
        };
    }
}
