package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.logging.LogFields;
import dev.tictactoe.server.room.Refusals.Refusal;

import io.netty.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The connections behind the seats: joins, rejoins, leaves and grace timers. Room loop only. */
final class Members {

    private static final Logger log = LoggerFactory.getLogger(Members.class);

    private final Room room;

    /** The connection of each seated player; none for an empty seat, a bot, or a dropped player. */
    final EnumMap<Seat, Session> sessions = new EnumMap<>(Seat.class);

    private final EnumMap<Seat, ScheduledFuture<?>> graceTimers = new EnumMap<>(Seat.class);

    Members(Room room) {
        this.room = room;
    }

    /** Starts the seat grace of every seat promised by a quick match; true if any was. */
    boolean holdReservations() {
        long until = room.time.millis + room.context.limits().seatGrace().toMillis();
        if (!room.core.opened(new RoomCore.Context(room.time.nanos, room.time.millis), until)) {
            return false;
        }
        room.core.seats.forEach((mark, seat) -> startGraceTimer(mark));
        return true;
    }

    Outcome.@Nullable Refused join(Session session, ClientMessage.Join join) {
        if (session.joined) {
            return Refusal.JOINED.of();
        }
        if (join.protocol() != Protocol.VERSION) {
            return Refusal.PROTOCOL.of(join.protocol(), Protocol.VERSION);
        }
        if (room.feed.members.size() >= room.context.limits().maxMembersPerRoom()) {
            return Refusal.MEMBERS_FULL.of(room.code());
        }
        String rejoining = join.token();
        if (rejoining != null) {
            return rejoin(session, rejoining);
        }
        int max = room.context.limits().maxNameLength();
        String name = Protocol.normalizeName(join.name(), max);
        if (name == null) {
            return Refusal.NAME.of(max);
        }
        Seat free = join.spectate() ? null : room.core.freeSeat();
        if (free == null) {
            if (!room.settings().spectators()) {
                return join.spectate()
                        ? Refusal.NO_SPECTATORS.of(room.code())
                        : Refusal.SEATS_FULL.of();
            }
            room.run(new Change.Spectators(room.core.spectators + 1));
            admit(session, null, null);
            log.info("room {} spectator joined ({} watching)", room.code(), room.core.spectators);
            return null;
        }
        String token = room.context.tokens().get();
        boolean started =
                room.run(new Change.Seated(free, name, token)) instanceof Outcome.Applied a
                        && a.started();
        sessions.put(free, session);
        admit(session, free, token);
        logSeat(free, "taken by '" + name + "'" + (started ? ", game " + game() + " starts" : ""));
        return null;
    }

    private Outcome.@Nullable Refused rejoin(Session session, String token) {
        Seat mark = seatWithToken(token);
        if (mark == null) {
            return Refusal.BAD_TOKEN.of(room.code());
        }
        Occupant seat = room.core.seated(mark);
        boolean first = room.core.reserved.contains(mark);
        Session previous = sessions.put(mark, session);
        if (previous != null) {
            // A newer connection for the same seat wins.
            letGo(previous, CloseCodes.REPLACED, "replaced by a newer connection for seat " + mark);
        } else {
            cancelGraceTimer(mark);
            room.run(new Change.Returned(mark));
        }
        admit(session, mark, token);
        logSeat(
                mark,
                first ? "taken by '" + seat.name() + "', who was promised it" : "reconnected");
        return null;
    }

    /** Ends a membership from the room's side: nothing more is sent to it, then it closes. */
    void letGo(Session session, int code, String reason) {
        part(session);
        session.member.close(code, reason);
    }

    /** Nothing more is sent to {@code session}; the seat it had, if any. */
    private @Nullable Seat part(Session session) {
        Seat mark = session.seat;
        session.joined = false;
        session.seat = null;
        room.feed.members.remove(session);
        room.context.metrics().memberLeft(mark != null);
        return mark;
    }

    private void logSeat(Seat mark, String what) {
        try (LogFields.Scope fields = LogFields.seat(mark)) {
            log.info("room {} seat {} {}", room.code(), mark, what);
        }
    }

    private void admit(Session session, @Nullable Seat seat, @Nullable String token) {
        session.joined = true;
        session.seat = seat;
        room.feed.members.add(session);
        room.context.metrics().memberJoined(seat != null);
        room.time.cancelEmpty();
        room.feed.send(
                session,
                new ServerMessage.Welcome(
                        Protocol.VERSION,
                        room.code(),
                        seat,
                        token,
                        room.context.epochMillis().getAsLong(),
                        room.feed.snapshot()));
    }

    void leave(Session session, boolean forGood) {
        if (!session.joined) {
            return;
        }
        Seat mark = part(session);
        if (mark == null) {
            room.run(new Change.Spectators(room.core.spectators - 1));
        } else {
            sessions.remove(mark);
            if (forGood) {
                free(mark);
            } else {
                dropped(mark);
            }
        }
        if (room.feed.members.isEmpty()) {
            room.time.startEmpty(room.time.millis);
        }
    }

    private void dropped(Seat mark) {
        long graceUntil = room.time.millis + room.context.limits().seatGrace().toMillis();
        room.run(new Change.Dropped(mark, graceUntil));
        logSeat(mark, "dropped, kept for " + Durations.format(room.context.limits().seatGrace()));
        startGraceTimer(mark);
    }

    /** Frees the seat at its grace deadline (wall clock) unless its player is back by then. */
    private void startGraceTimer(Seat mark) {
        Occupant seat = room.core.seated(mark);
        Long until = seat.graceUntil();
        if (until == null) {
            return;
        }
        long left = Math.max(0, until - room.time.millis);
        cancelGraceTimer(mark);
        graceTimers.put(
                mark,
                room.schedule(
                        () -> {
                            // Still the same person, still away.
                            Occupant now = room.core.seats.get(mark);
                            if (now != null
                                    && !now.connected()
                                    && Objects.equals(now.token(), seat.token())) {
                                free(mark);
                            }
                        },
                        Duration.ofMillis(left).toNanos()));
    }

    private void cancelGraceTimer(Seat mark) {
        ScheduledFuture<?> timer = graceTimers.remove(mark);
        if (timer != null) {
            timer.cancel(false);
        }
    }

    private void free(Seat mark) {
        cancelGraceTimer(mark);
        boolean reserved = room.core.reserved.contains(mark);
        boolean ended = room.run(new Change.Freed(mark)) instanceof Outcome.Applied a && a.ended();
        String why = reserved ? " (its player never came)" : "";
        logSeat(mark, "freed" + why + (ended ? ", game " + game() + " abandoned" : ""));
    }

    private int game() {
        return room.core.match.game;
    }

    /** After a restart: connected players dropped with it; seats whose grace ran out are freed. */
    void recovered() {
        List<Map.Entry<Seat, Long>> expired = new ArrayList<>();
        for (Seat mark : Seat.values()) {
            Occupant seat = room.core.seats.get(mark);
            if (seat == null || seat.botPlays()) {
                continue;
            }
            Long until = seat.graceUntil();
            if (seat.connected()) {
                dropped(mark);
            } else if (until != null && until <= room.time.millis) {
                expired.add(Map.entry(mark, until));
            } else {
                startGraceTimer(mark);
            }
        }
        expired.sort(Map.Entry.comparingByValue());
        for (Map.Entry<Seat, Long> entry : expired) {
            logSeat(entry.getKey(), "grace ran out while the server was down");
            free(entry.getKey());
        }
    }

    void cancelTimers() {
        graceTimers.values().forEach(timer -> timer.cancel(false));
        graceTimers.clear();
    }

    private @Nullable Seat seatWithToken(String token) {
        return room.core.seats.entrySet().stream()
                .filter(entry -> token.equals(entry.getValue().token()))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(null);
    }
}
