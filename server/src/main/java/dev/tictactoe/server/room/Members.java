package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.logging.LogFields;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Who is in a room: joining, coming back with a seat token, leaving, the grace period of a dropped
 * player's seat, and names. The methods that change who sits where ({@link #take}, {@link
 * #returned}, {@link #dropped}, {@link #free}, {@link #spectators(int)}) are the ones a replay
 * calls again. Room loop only. It stays one file: joining, returning, dropping and freeing a seat
 * are one state machine over the same seats, and a replay must call exactly these methods.
 */
final class Members {

    private static final Logger log = LoggerFactory.getLogger(Members.class);

    private final Room room;
    private final EnumMap<Mark, Seat> seats = new EnumMap<>(Mark.class);
    private int spectators;

    Members(Room room) {
        this.room = room;
        RoomSettings settings = room.settings();
        if (settings.bot() != null) {
            seats.put(settings.creatorSeat().opponent(), Seat.bot(settings.bot()));
        }
    }

    EnumMap<Mark, Seat> seats() {
        return seats;
    }

    /**
     * Holds seats for players promised them before the room opens (a quick match); called before
     * the room is shared with any other thread.
     */
    void reserve(Map<Mark, Reservation> reservations) {
        reservations.forEach(
                (mark, r) -> {
                    if (seats.containsKey(mark)) {
                        throw new IllegalArgumentException("seat " + mark + " is taken by the bot");
                    }
                    seats.put(mark, Seat.reserved(r.name(), r.token()));
                });
    }

    /**
     * Starts the seat grace of every reserved seat, as for a player who dropped: whoever does not
     * come in time loses the seat (and the game, if it is running). Returns whether any was
     * reserved.
     */
    boolean holdReservations() {
        boolean any = false;
        for (var entry : seats.entrySet()) {
            if (entry.getValue().reserved) {
                entry.getValue().graceUntil =
                        room.time.millis() + room.context.limits().seatGrace().toMillis();
                startGraceTimer(entry.getKey(), entry.getValue());
                any = true;
            }
        }
        return any;
    }

    Seat seat(Mark mark) {
        return seats.get(mark);
    }

    int spectators() {
        return spectators;
    }

    void join(Session session, ClientMessage.Join join) {
        if (session.joined) {
            throw new Rejection(ErrorCode.ALREADY_JOINED, "this connection has already joined");
        }
        if (join.protocol() != Protocol.VERSION) {
            throw new Rejection(
                    ErrorCode.UNSUPPORTED_PROTOCOL,
                    "protocol "
                            + join.protocol()
                            + " is not spoken here; this server speaks "
                            + Protocol.VERSION);
        }
        if (room.feed.members().size() >= room.context.limits().maxMembers()) {
            throw new Rejection(
                    ErrorCode.ROOM_FULL, "room " + room.code() + " has no room for more members");
        }
        if (join.token() != null) {
            rejoin(session, join.token());
            return;
        }
        String name = Names.check(join.name(), room.context.limits().maxNameLength());
        Mark free = join.spectate() ? null : freeSeat();
        if (free == null) {
            if (!room.settings().spectators()) {
                throw join.spectate()
                        ? new Rejection(
                                ErrorCode.SPECTATORS_DISABLED,
                                "room " + room.code() + " does not allow spectators")
                        : new Rejection(
                                ErrorCode.ROOM_FULL,
                                "both seats are taken and this room does not allow spectators");
            }
            spectators(spectators + 1);
            admit(session, null, null);
            log.info("room {} spectator joined ({} watching)", room.code(), spectators);
            return;
        }
        String token = room.context.tokens().get();
        boolean started = take(free, name, token, session);
        admit(session, free, token);
        try (LogFields.Scope fields = LogFields.seat(free)) {
            log.info(
                    "room {} seat {} taken by '{}'{}",
                    room.code(),
                    free,
                    name,
                    started ? ", game " + room.match.game() + " starts" : "");
        }
    }

    /** A person takes {@code mark} on {@code session}; returns true if that started a game. */
    boolean take(Mark mark, String name, String token, Session session) {
        seats.put(mark, Seat.person(name, token, session));
        boolean started = seats.size() == 2 && room.game.startIfWaiting();
        room.publish(new Event.Joined(mark.name(), name), new Change.Seated(mark, name, token));
        return started;
    }

    /** Now {@code count} spectators watch. */
    void spectators(int count) {
        spectators = count;
        room.publish(new Event.SpectatorsChanged(count), new Change.Spectators(count));
    }

    private void rejoin(Session session, String token) {
        Mark mark = seatWithToken(token);
        if (mark == null) {
            throw new Rejection(
                    ErrorCode.NOT_A_PLAYER, "that seat token is not valid in room " + room.code());
        }
        Seat seat = seats.get(mark);
        Session previous = seat.session;
        if (previous != null) {
            // A newer connection for the same seat wins; the old one is told why it is closed.
            previous.seat = null;
            previous.joined = false;
            room.feed.members().remove(previous);
            room.context.metrics().memberLeft(true);
            previous.member.close(
                    CloseCodes.REPLACED, "replaced by a newer connection for seat " + mark);
        }
        boolean first = seat.reserved;
        if (previous == null) {
            returned(mark, session);
        } else {
            seat.session = session;
        }
        admit(session, mark, token);
        try (LogFields.Scope fields = LogFields.seat(mark)) {
            if (first) {
                log.info(
                        "room {} seat {} taken by '{}', who was promised it",
                        room.code(),
                        mark,
                        seat.name);
            } else {
                log.info("room {} seat {} reconnected", room.code(), mark);
            }
        }
    }

    /** The dropped player of {@code mark} is back on {@code session}. */
    void returned(Mark mark, Session session) {
        Seat seat = seats.get(mark);
        seat.cancelGraceTimer();
        seat.session = session;
        // A player promised the seat by a quick match arrives for the first time: a join to the
        // others.
        boolean first = seat.reserved;
        seat.reserved = false;
        room.publish(
                first
                        ? new Event.Joined(mark.name(), seat.name)
                        : new Event.Reconnected(mark.name()),
                new Change.Returned(mark));
    }

    private void admit(Session session, Mark seat, String token) {
        session.joined = true;
        session.seat = seat;
        room.feed.members().add(session);
        room.context.metrics().memberJoined(seat != null);
        room.cancelEmptyTimer();
        room.feed.send(
                session,
                new ServerMessage.Welcome(
                        Protocol.VERSION,
                        room.code(),
                        seat == null ? null : seat.name(),
                        token,
                        room.context.epochMillis().getAsLong(),
                        room.feed.snapshot()));
        room.bots.schedule();
    }

    /**
     * A member leaves: for good ({@code forGood}) or by dropping, when a seat is kept for a while.
     */
    void leave(Session session, boolean forGood) {
        if (!session.joined) {
            return;
        }
        session.joined = false;
        room.feed.members().remove(session);
        Mark mark = session.seat;
        session.seat = null;
        room.context.metrics().memberLeft(mark != null);
        if (mark == null) {
            spectators(spectators - 1);
        } else {
            seats.get(mark).session = null;
            if (forGood) {
                free(mark);
            } else {
                dropped(mark, room.time.millis() + room.context.limits().seatGrace().toMillis());
            }
        }
        if (room.feed.members().isEmpty()) {
            room.startEmptyTimer();
        }
    }

    /** The player of {@code mark} dropped: the seat is held until {@code graceUntil} (epoch ms). */
    void dropped(Mark mark, long graceUntil) {
        Seat seat = seats.get(mark);
        seat.session = null;
        seat.graceUntil = graceUntil;
        room.publish(new Event.Disconnected(mark.name()), new Change.Dropped(mark, graceUntil));
        if (!room.time.replaying()) {
            try (LogFields.Scope fields = LogFields.seat(mark)) {
                log.info(
                        "room {} seat {} dropped, kept for {}",
                        room.code(),
                        mark,
                        Durations.format(Duration.ofMillis(graceUntil - room.time.millis())));
            }
            startGraceTimer(mark, seat);
        }
    }

    /**
     * Frees the seat at its grace deadline, a wall-clock time, unless its player is back by then.
     */
    private void startGraceTimer(Mark mark, Seat seat) {
        long left = Math.max(0, seat.graceUntil - room.time.millis());
        seat.graceTimer =
                room.schedule(
                        () -> {
                            if (seats.get(mark) == seat && seat.session == null) {
                                free(mark);
                            }
                        },
                        Duration.ofMillis(left).toNanos());
    }

    /** Empties a seat; a game in progress is abandoned by it. */
    void free(Mark mark) {
        Seat seat = seats.remove(mark);
        seat.cancelGraceTimer();
        room.match.withdrawRematch(mark);
        boolean abandoned = room.match.abandon(mark);
        if (abandoned) {
            room.feed.boardChanges();
        }
        // One event per diff: the abandoned game is the bigger news; the empty seat shows in the
        // snapshot.
        room.publish(
                abandoned
                        ? new Event.GameOver(mark.opponent().name(), ResultReason.ABANDONED.wire())
                        : new Event.Left(mark.name()),
                new Change.Freed(mark));
        if (!room.time.replaying()) {
            if (abandoned) {
                room.context
                        .metrics()
                        .gameFinished(mark.opponent().name(), ResultReason.ABANDONED.wire());
            }
            try (LogFields.Scope fields = LogFields.seat(mark)) {
                log.info(
                        "room {} seat {} freed{}{}",
                        room.code(),
                        mark,
                        seat.reserved ? " (its player never came)" : "",
                        abandoned ? ", game " + room.match.game() + " abandoned" : "");
            }
        }
    }

    /**
     * Seats a rebuilt room as its checkpoint had them: a player connected then sits on {@code
     * connected}, a stand-in, until the replay is done.
     */
    void restore(Map<Mark, RoomState.SeatState> stored, int watching, Session connected) {
        seats.clear();
        stored.forEach((mark, seat) -> seats.put(mark, Checkpoints.seat(seat, connected)));
        spectators = watching;
    }

    /** True while a player or a spectator is connected (or, during a replay, was at that point). */
    boolean occupied() {
        return spectators > 0
                || seats.values().stream().anyMatch(s -> !s.isBot() && s.session != null);
    }

    /**
     * After a restart, as the rules say: a player who was connected when the server stopped has
     * dropped with it and gets a whole grace period from now; a seat whose grace ran out while the
     * server was down is freed now (first deadline first), abandoning a game in progress; the other
     * dropped seats keep their deadlines.
     */
    void recovered() {
        long now = room.time.millis();
        long grace = room.context.limits().seatGrace().toMillis();
        List<Mark> expired = new ArrayList<>();
        for (Mark mark : Mark.values()) {
            Seat seat = seats.get(mark);
            if (seat == null || seat.isBot()) {
                continue;
            }
            if (seat.session != null) {
                dropped(mark, now + grace);
            } else if (seat.graceUntil != null && seat.graceUntil <= now) {
                expired.add(mark);
            } else if (seat.graceUntil != null) {
                startGraceTimer(mark, seat);
            }
        }
        expired.sort(Comparator.comparingLong(mark -> seats.get(mark).graceUntil));
        for (Mark mark : expired) {
            if (seats.containsKey(mark)) {
                try (LogFields.Scope fields = LogFields.seat(mark)) {
                    log.info(
                            "room {} seat {}: its grace ran out while the server was down",
                            room.code(),
                            mark);
                }
                free(mark);
            }
        }
    }

    void cancelTimers() {
        seats.values().forEach(Seat::cancelGraceTimer);
    }

    Mark requirePlayer(Session session) {
        if (session.seat == null) {
            throw new Rejection(
                    ErrorCode.NOT_A_PLAYER,
                    "spectators cannot play; join with a free seat to play");
        }
        return session.seat;
    }

    /** The seat a newcomer (or a bot invited without a seat) takes, or null when both are taken. */
    Mark freeSeat() {
        Mark preferred = room.settings().creatorSeat();
        if (!seats.containsKey(preferred)) {
            return preferred;
        }
        return seats.containsKey(preferred.opponent()) ? null : preferred.opponent();
    }

    private Mark seatWithToken(String token) {
        for (var entry : seats.entrySet()) {
            if (token.equals(entry.getValue().token)) {
                return entry.getKey();
            }
        }
        return null;
    }
}
