package dev.tictactoe.server.lobby;

import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.room.Reservation;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/** Opens the room of a pairing or a bot fill. */
@FunctionalInterface
public interface MatchRooms {

    String FULL = "no room could be opened: the server is full";

    /** A room opened for a match: its code, the token of each promised seat, and its settings. */
    record Opened(String code, Map<Seat, String> tokens, RoomSettings settings) {

        /** The token of a promised seat: a room is opened with one for each of its players. */
        String token(Seat seat) {
            return Objects.requireNonNull(tokens.get(seat), "no seat promised at " + seat);
        }
    }

    /** What the two requests of a match hear: {@code theirs} is null for a bot fill. */
    record Seated(MatchAnswer mine, @Nullable NodeAnswer theirs) {}

    /** Opens a room with a seat held for each of {@code players}, or one and its bot. */
    Opened open(MatchKey key, Map<Seat, Ticket> players) throws RoomRegistry.Full;

    /** Opens the room of {@code ticket} facing {@code p}'s, or its bot; else both unavailable. */
    default Seated seat(Ticket ticket, RandomGenerator seats, Enqueued.@Nullable Paired p) {
        Logger log = LoggerFactory.getLogger(Matchmaker.class);
        Seat seat;
        synchronized (seats) {
            seat = seats.nextBoolean() ? Seat.X : Seat.O;
        }
        Map<Seat, Ticket> players = new EnumMap<>(Map.of(seat, ticket));
        Seat theirs = seat.opponent();
        if (p != null) {
            players.put(theirs, p.partner());
        }
        Opened room;
        try {
            room = open(ticket.key(), players);
        } catch (RoomRegistry.Full e) {
            log.warn("no room for a match under {}: {}", ticket.key(), e.getMessage());
            return new Seated(
                    new MatchAnswer.Unavailable(ticket, FULL),
                    p == null
                            ? null
                            : NodeAnswer.of(p.partner().id(), NodeAnswer.Status.UNAVAILABLE));
        }
        if (p == null) {
            var bot = Objects.requireNonNull(ticket.bot(), "a bot fill of a ticket without a bot");
            log.info(
                    "'{}' ({}) plays the {} bot in room {} for {}, nobody came within {}",
                    ticket.name(),
                    seat,
                    bot,
                    room.code(),
                    ticket.key(),
                    ticket.botAfter());
            return new Seated(
                    answer(room, ticket, seat, new MatchAnswer.Opponent(bot.playerName(), bot)),
                    null);
        }
        Ticket partner = p.partner();
        log.info(
                "'{}' ({}) and '{}' ({}, waiting on node {}) paired into room {} for {}",
                ticket.name(),
                seat,
                partner.name(),
                theirs,
                p.node(),
                room.code(),
                ticket.key());
        return new Seated(
                answer(room, ticket, seat, new MatchAnswer.Opponent(partner.name(), null)),
                NodeAnswer.matched(
                        partner.id(), room.code(), theirs, room.token(theirs), ticket.name()));
    }

    private static MatchAnswer answer(
            Opened room, Ticket ticket, Seat seat, MatchAnswer.Opponent opponent) {
        return new MatchAnswer.Matched(
                ticket, room.code(), seat, room.token(seat), opponent, room.settings());
    }

    /** A match room's settings: {@code first} seats the one alone, facing its bot (null: two). */
    static RoomSettings settings(MatchKey key, Seat first, @Nullable Ticket alone) {
        var bot = alone == null ? null : alone.bot();
        return new RoomSettings(key.rules(), first, Seat.X, true, true, bot, key.timeControl());
    }

    /** Rooms in {@code registry}, created through its one path, so they are journaled as others. */
    static MatchRooms in(RoomRegistry registry) {
        return (key, players) -> {
            Map<Seat, Reservation> reserved = new EnumMap<>(Seat.class);
            Map<Seat, String> tokens = new EnumMap<>(Seat.class);
            players.forEach(
                    (seat, ticket) -> {
                        String token = registry.newToken();
                        reserved.put(seat, new Reservation(ticket.name(), token));
                        tokens.put(seat, token);
                    });
            // With one player, the seat it was given is the "creator" seat; the bot sits opposite.
            Seat first = players.containsKey(Seat.X) ? Seat.X : Seat.O;
            Ticket alone = players.size() == 1 ? players.get(first) : null;
            RoomSettings settings = settings(key, first, alone);
            Room room = registry.create(settings, null, reserved);
            return new Opened(room.code(), Map.copyOf(tokens), settings);
        };
    }
}
