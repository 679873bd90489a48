package dev.tictactoe.server.lobby;

import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.lobby.HeldTickets.Held;
import dev.tictactoe.server.metrics.ServerMetrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.EnumMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The rooms of quick match across nodes, opened on this node: a pairing this node's arrival made,
 * and a bot fill. Answers this node's request; the other node's answer is handed back to send.
 */
final class SharedRooms {

    private static final Logger log = LoggerFactory.getLogger(SharedRooms.class);

    /** What a request hears when its room could not be opened. */
    static final String FULL = "no room could be opened: the server is full";

    /** A pairing: the event, and what the partner's node must hear. */
    record Pairing(MatchEvent.Paired event, NodeAnswer theirs) {}

    private final MatchRooms rooms;
    private final RandomGenerator seats;
    private final ServerMetrics metrics;
    private final HeldTickets held;

    /** {@code seats} draws seats and is used on one thread at a time. */
    SharedRooms(MatchRooms rooms, RandomGenerator seats, ServerMetrics metrics, HeldTickets held) {
        this.rooms = rooms;
        this.seats = seats;
        this.metrics = metrics;
        this.held = held;
    }

    /** Seats {@code mine} (released) and the ticket it was paired with, in a room here. */
    Pairing pair(Held mine, SharedTickets.Arrival.Paired p) {
        MatchKey key = mine.ticket.key();
        Ticket partner = Ticket.of(p.ticket(), p.player(), p.name(), key);
        Mark seat = seats.nextBoolean() ? Mark.X : Mark.O;
        Map<Mark, Ticket> players = new EnumMap<>(Mark.class);
        players.put(seat, mine.ticket);
        players.put(seat.opponent(), partner);
        boolean mineIsX = seat == Mark.X;
        MatchEvent.Paired event =
                new MatchEvent.Paired(
                        key, mineIsX ? mine.ticket : partner, mineIsX ? partner : mine.ticket);
        MatchRooms.Opened room = rooms.openOrNull(key, players, log);
        if (room == null) {
            held.unavailable(mine, FULL);
            return new Pairing(event, NodeAnswer.of(partner.id(), NodeAnswer.Status.UNAVAILABLE));
        }
        metrics.matchPaired(System.nanoTime() - mine.since);
        HeldTickets.deliver(
                mine, room.answer(mine.ticket, seat, MatchAnswer.Opponent.person(partner.name())));
        log.info(
                "'{}' and '{}' (waiting on node {}) paired into room {} for {}",
                mine.ticket.name(),
                partner.name(),
                p.node(),
                room.code(),
                key);
        Mark other = seat.opponent();
        return new Pairing(
                event,
                NodeAnswer.matched(
                        partner.id(), room.code(), other, room.token(other), mine.ticket.name()));
    }

    /** Seats {@code h} (released) against its bot. */
    void botFill(Held h) {
        Mark seat = seats.nextBoolean() ? Mark.X : Mark.O;
        MatchRooms.Opened room = rooms.openOrNull(h.ticket.key(), Map.of(seat, h.ticket), log);
        if (room == null) {
            held.unavailable(h, FULL);
            return;
        }
        metrics.matchBotFilled();
        HeldTickets.deliver(
                h, room.answer(h.ticket, seat, MatchAnswer.Opponent.bot(Matchmaker.bot(h.ticket))));
    }
}
