package dev.tictactoe.server.lobby;

import dev.tictactoe.server.game.Mark;
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

    /** {@link #open}, or null (told to {@code log}) when the server is full. */
    default @Nullable Opened openOrNull(MatchKey key, Map<Mark, Ticket> players, Logger log) {
        try {
            return open(key, players);
        } catch (RoomRegistry.Full e) {
            log.warn("no room for a match under {}: {}", key, e.getMessage());
            return null;
        }
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
