package dev.tictactoe.server.room;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.room.Refusals.Refusal;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;

/** A room's rules as a state machine, with no clock, channel or thread: a replay lands the same. */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
final class RoomCore {

    /** When a command happens. */
    record Context(long nanos, long millis) {}

    final RoomSettings settings;
    final Match match;
    EnumMap<Seat, Occupant> seats = new EnumMap<>(Seat.class);

    /** Seats held for players promised them (a quick match) who have not come yet. */
    final transient EnumSet<Seat> reserved = EnumSet.noneOf(Seat.class);

    int spectators;
    long version;

    /** The board last changed here: moves made for an older version are stale. */
    long boardVersion;

    /** A new room's core: the bot, if the settings ask for one, sits opposite the creator. */
    RoomCore(RoomSettings settings, Duration idleAfter) {
        this(settings, new Match(settings, idleAfter));
        if (settings.bot() != null) {
            seats.put(settings.creatorSeat().opponent(), Occupant.bot(settings.bot()));
        }
    }

    @JsonCreator
    private RoomCore(
            @JsonProperty("settings") RoomSettings settings, @JsonProperty("match") Match match) {
        this.settings = settings;
        this.match = match;
    }

    boolean outOfTime(long nanos, long millis) {
        match.time.at(nanos, millis);
        return match.outOfTime() != null;
    }

    /** A new version, or why not, or nothing to do. */
    Outcome apply(Change command, Context context) {
        match.time.at(context.nanos(), context.millis());
        Seat out = match.outOfTime();
        if (out != null && !(command instanceof Change.TimedOut)) {
            // The actor ends a game on time before anything else it handles at that instant.
            return Refusal.FLAGGED.of(out);
        }
        Outcome.Refused refused =
                command instanceof Change.Said(var seat, var message)
                        ? refusal(seat, message)
                        : Refusals.check(this, command);
        if (refused != null) {
            return refused;
        }
        return switch (command) {
            case Change.Seated c -> {
                seats.put(c.seat(), Occupant.person(c.name(), c.token(), true));
                boolean started = seats.size() == 2 && startIfWaiting();
                yield applied(new Event.Joined(c.seat(), c.name()), started, false);
            }
            case Change.Spectators c -> {
                spectators = c.count();
                yield applied(new Event.SpectatorsChanged(c.count()));
            }
            case Change.Dropped c -> {
                seats.put(c.seat(), seated(c.seat()).with(false, c.graceUntil()));
                yield applied(new Event.Disconnected(c.seat()));
            }
            case Change.Returned c -> returned(c.seat());
            case Change.Freed c -> freed(c.seat());
            case Change.BotMoved c -> moved(c.seat(), c.cell(), "bot-" + (version + 1));
            case Change.Said(var seat, var message) -> said(seat, message);
            case Change.TimedOut c -> {
                match.timedOut();
                Match.Result result =
                        Objects.requireNonNull(match.result, "a game over on time has its result");
                yield boardChanged(new Event.GameOver(result.winner(), result.reason()), true);
            }
            case Change.Resumed c ->
                    match.wallClockMoved(c.pausedMillis())
                            ? applied(null)
                            : new Outcome.Unchanged(version);
        };
    }

    /** Why a player's command is refused now, or null; beside {@link #said}, what it does. */
    private Outcome.@Nullable Refused refusal(Seat seat, ClientMessage message) {
        return switch (message) {
            case ClientMessage.Move m -> Refusals.move(this, seat, m.cell(), m.id(), m.version());
            case ClientMessage.Undo() -> Refusals.ask(this, seat);
            case ClientMessage.UndoReply r -> Refusals.answer(match, seat);
            case ClientMessage.Resign() -> Refusals.playing(match);
            case ClientMessage.Claim() -> Refusals.claim(match, seat, againstBot(seat));
            case ClientMessage.Rematch() -> Refusals.rematch(this, seat);
            case ClientMessage.InviteBot invite -> Refusals.invite(this, invite);
            default -> Refusal.NOT_A_COMMAND.of(MessageCodec.typeName(message.getClass()));
        };
    }

    /** A player's command applied, as {@link #refusal} allowed. */
    private Outcome said(Seat seat, ClientMessage message) {
        return switch (message) {
            case ClientMessage.Move m -> moved(seat, m.cell(), m.id());
            case ClientMessage.Undo() -> undo(seat);
            case ClientMessage.UndoReply r -> {
                // The refusal made sure the opponent asked.
                match.undoRequest = null;
                Seat asker = seat.opponent();
                yield r.accept()
                        ? boardChanged(new Event.Undone(asker, match.undo(asker)), false)
                        : applied(new Event.UndoDeclined(seat));
            }
            case ClientMessage.Resign() -> {
                match.finish(new Match.Result(seat.opponent(), ResultReason.RESIGN));
                yield boardChanged(new Event.Resigned(seat), true);
            }
            case ClientMessage.Claim() -> {
                match.finish(new Match.Result(seat, ResultReason.ABANDONED));
                yield boardChanged(new Event.GameOver(seat, ResultReason.ABANDONED), true);
            }
            case ClientMessage.Rematch() -> rematch(seat);
            case ClientMessage.InviteBot invite -> {
                Seat mark = Objects.requireNonNull(botSeat(invite), "refused without a seat");
                seats.put(mark, Occupant.bot(invite.level()));
                Event event = new Event.BotJoined(mark, invite.level());
                yield applied(event, startIfWaiting(), false);
            }
            default -> throw new IllegalStateException("refused: " + message);
        };
    }

    private Outcome returned(Seat mark) {
        Occupant seat = seated(mark);
        seats.put(mark, seat.with(true, null));
        // A player promised the seat by a quick match arrives: a join to the others.
        return applied(
                reserved.remove(mark)
                        ? new Event.Joined(mark, seat.name())
                        : new Event.Reconnected(mark));
    }

    private Outcome freed(Seat mark) {
        seats.remove(mark);
        reserved.remove(mark);
        match.rematchOffers.remove(mark);
        return match.abandon(mark)
                ? boardChanged(new Event.GameOver(mark.opponent(), ResultReason.ABANDONED), true)
                : applied(new Event.Left(mark));
    }

    private Outcome moved(Seat mark, int cell, String id) {
        Occupant seat = seated(mark);
        Long applied = seat.moves().get(id);
        if (applied != null) {
            return new Outcome.Unchanged(applied);
        }
        boolean over = match.play(mark, cell, id);
        seat.moves().put(id, version + 1);
        return boardChanged(new Event.Moved(mark, cell, id), over);
    }

    /** Granted at once against a bot, else asked of the opponent. */
    private Outcome undo(Seat mark) {
        if (againstBot(mark)) {
            return boardChanged(new Event.Undone(mark, match.undo(mark)), false);
        }
        match.undoRequest = mark;
        return applied(new Event.UndoRequested(mark));
    }

    private Outcome rematch(Seat mark) {
        if (match.rematchOffers.contains(mark)) {
            return new Outcome.Unchanged(version); // Offered already: nothing is sent.
        }
        if (match.offerRematch(mark, againstBot(mark))) {
            newGame();
            return applied(new Event.RematchStarted(match.game), true, false);
        }
        return applied(new Event.RematchOffered(mark));
    }

    boolean againstBot(Seat mark) {
        Occupant opponent = seats.get(mark.opponent());
        return opponent != null && opponent.botPlays();
    }

    /** Holds promised seats till {@code graceUntil}; true if any: a version, not a command. */
    boolean opened(Context context, long graceUntil) {
        match.time.at(context.nanos(), context.millis());
        for (Seat mark : reserved) {
            seats.put(mark, seated(mark).with(false, graceUntil));
        }
        if (reserved.isEmpty()) {
            return false;
        }
        if (seats.size() == 2) {
            startIfWaiting();
        }
        version++;
        return true;
    }

    /** Holds seats for players promised them (a quick match), before {@link #opened}. */
    void reserve(Map<Seat, Reservation> reservations) {
        reservations.forEach(
                (mark, r) -> {
                    if (seats.containsKey(mark)) {
                        throw new IllegalArgumentException("seat " + mark + " is taken by the bot");
                    }
                    seats.put(mark, Occupant.person(r.name(), r.token(), false));
                    reserved.add(mark);
                });
    }

    private boolean startIfWaiting() {
        boolean started = match.startIfWaiting();
        if (started) {
            newGame();
        }
        return started;
    }

    private void newGame() {
        boardVersion = version + 1;
        // Move ids are unique within a game: a new game starts with a clean slate.
        seats.values().forEach(seat -> seat.moves().clear());
    }

    private Outcome.Applied boardChanged(Event event, boolean ended) {
        boardVersion = version + 1;
        return applied(event, false, ended);
    }

    private Outcome.Applied applied(@Nullable Event event) {
        return applied(event, false, false);
    }

    private Outcome.Applied applied(@Nullable Event event, boolean started, boolean ended) {
        return new Outcome.Applied(++version, event, started, ended);
    }

    /** Taken, as the refusals checked. */
    Occupant seated(Seat mark) {
        return Objects.requireNonNull(seats.get(mark), "nobody sits at the seat");
    }

    boolean occupied() {
        return spectators > 0 || seats.values().stream().anyMatch(Occupant::connected);
    }

    /** The seat a bot is invited to: the one asked for, else the free one; null when none is. */
    @Nullable Seat botSeat(ClientMessage.InviteBot invite) {
        return invite.seat() == null ? freeSeat() : invite.seat();
    }

    /** The seat a newcomer (or a bot invited without a seat) takes; null when both are taken. */
    @Nullable Seat freeSeat() {
        Seat first = settings.creatorSeat();
        Seat other = first.opponent();
        return !seats.containsKey(first) ? first : seats.containsKey(other) ? null : other;
    }
}
