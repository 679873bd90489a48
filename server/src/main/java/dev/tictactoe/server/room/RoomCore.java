package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.server.game.Mark;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A room's rules as a state machine: {@link #apply} takes a command and its {@link Context} and
 * gives a new version with its event, or a refusal, as a value. It reads no clock, draws no random
 * number and touches no channel, timer or thread, so a journal folded through it from a checkpoint
 * lands on the versions it was written with. The state is mutable behind {@code apply}: copying a
 * 15×15 board per command cost 20 times playing a move and taking it back.
 */
final class RoomCore {

    /** When a command happens; for a player's move, the version it was made for (else null). */
    record Context(long nanos, long millis, Long seen) {
        static Context at(long nanos, long millis) {
            return new Context(nanos, millis, null);
        }
    }

    private final RoomSettings settings;
    private final Match match;
    private final EnumMap<Mark, Occupant> seats = new EnumMap<>(Mark.class);
    private int spectators;
    private long version;

    /** The version at which the board last changed: moves made against an older one are stale. */
    private long boardVersion;

    /** A new room's core: the bot, if the settings ask for one, sits opposite the creator. */
    RoomCore(RoomSettings settings, Duration idleAfter) {
        this(settings, new Match(settings, idleAfter));
        if (settings.bot() != null) {
            seats.put(settings.creatorSeat().opponent(), Occupant.bot(settings.bot()));
        }
    }

    private RoomCore(RoomSettings settings, Match match) {
        this.settings = settings;
        this.match = match;
    }

    /** The core's whole state as values, what a checkpoint keeps of it. */
    record State(
            RoomSettings settings,
            long version,
            long boardVersion,
            Map<Mark, RoomState.SeatState> seats,
            RoomState.MatchState match,
            int spectators) {}

    /** The state now, with the newest {@code finishedGames} finished games. */
    State state(int finishedGames) {
        EnumMap<Mark, RoomState.SeatState> kept = new EnumMap<>(Mark.class);
        seats.forEach((mark, seat) -> kept.put(mark, seat.state()));
        return new State(
                settings, version, boardVersion, kept, match.state(finishedGames), spectators);
    }

    /** The core as {@code state} left it, at that instant. */
    static RoomCore restore(State state, Duration idleAfter, long nanos, long millis) {
        RoomCore core =
                new RoomCore(
                        state.settings(),
                        Match.restore(state.settings(), state.match(), idleAfter, nanos, millis));
        state.seats().forEach((mark, seat) -> core.seats.put(mark, Occupant.of(seat)));
        core.spectators = state.spectators();
        core.version = state.version();
        core.boardVersion = state.boardVersion();
        return core;
    }

    /** True when the side to move has run out of time at this instant. */
    boolean outOfTime(long nanos, long millis) {
        match.at(nanos, millis);
        return match.outOfTime() != null;
    }

    /** Applies {@code command} at {@code context}: a new version, or why not, or nothing to do. */
    Outcome apply(Change command, Context context) {
        match.at(context.nanos(), context.millis());
        Mark out = match.outOfTime();
        if (out != null && !(command instanceof Change.TimedOut)) {
            // The actor ends a game on time before anything else it handles at that instant.
            return Refusals.outOfTime(out);
        }
        return switch (command) {
            case Change.Seated c -> seated(c);
            case Change.Spectators c -> {
                spectators = c.count();
                yield applied(new Event.SpectatorsChanged(c.count()), false, false);
            }
            case Change.Dropped c -> dropped(c);
            case Change.Returned c -> returned(c.seat());
            case Change.Freed c -> freed(c.seat());
            case Change.Moved c -> moved(c, context.seen());
            case Change.Undo c -> undo(c.seat());
            case Change.UndoAnswer c -> answerUndo(c.seat(), c.accept());
            case Change.Resigned c -> resign(c.seat());
            case Change.Claimed c -> claim(c.seat());
            case Change.Rematch c -> rematch(c.seat());
            case Change.BotSeated c -> botSeated(c);
            case Change.TimedOut c -> timedOut(out);
            case Change.Resumed c ->
                    match.wallClockMoved(c.pausedMillis())
                            ? applied(null, false, false)
                            : new Outcome.Unchanged(version);
        };
    }

    private Outcome timedOut(Mark out) {
        if (out == null) {
            return new Outcome.Refused(ErrorCode.GAME_OVER, "no clock has run out");
        }
        match.timedOut();
        return boardChanged(gameOver(), false, true);
    }

    private Outcome seated(Change.Seated c) {
        if (seats.containsKey(c.seat())) {
            return Refusals.seatTaken(c.seat());
        }
        seats.put(c.seat(), Occupant.person(c.name(), c.token(), true));
        boolean started = seats.size() == 2 && startIfWaiting();
        return applied(new Event.Joined(Wire.seat(c.seat()), c.name()), started, false);
    }

    private Outcome botSeated(Change.BotSeated c) {
        if (seats.containsKey(c.seat())) {
            return Refusals.seatTaken(c.seat());
        }
        seats.put(c.seat(), Occupant.bot(c.level()));
        boolean started = startIfWaiting();
        return applied(
                new Event.BotJoined(Wire.seat(c.seat()), Wire.level(c.level())), started, false);
    }

    private Outcome dropped(Change.Dropped c) {
        Occupant seat = person(c.seat());
        if (seat == null) {
            return Refusals.noPlayer(c.seat());
        }
        seat.connected = false;
        seat.graceUntil = c.graceUntil();
        return applied(new Event.Disconnected(Wire.seat(c.seat())), false, false);
    }

    private Outcome returned(Mark mark) {
        Occupant seat = person(mark);
        if (seat == null) {
            return Refusals.noPlayer(mark);
        }
        seat.connected = true;
        seat.graceUntil = null;
        // A player promised the seat by a quick match arrives: a join to the others.
        boolean first = seat.reserved;
        seat.reserved = false;
        return applied(
                first
                        ? new Event.Joined(Wire.seat(mark), seat.name)
                        : new Event.Reconnected(Wire.seat(mark)),
                false,
                false);
    }

    /** Empties a seat; a game in progress is abandoned by it. */
    private Outcome freed(Mark mark) {
        if (!seats.containsKey(mark)) {
            return Refusals.noPlayer(mark);
        }
        seats.remove(mark);
        match.withdrawRematch(mark);
        boolean abandoned = match.abandon(mark);
        if (abandoned) {
            boardVersion = version + 1;
        }
        // One event per diff: the abandoned game is the bigger news.
        return applied(
                abandoned
                        ? new Event.GameOver(Wire.seat(mark.opponent()), ResultReason.ABANDONED)
                        : new Event.Left(Wire.seat(mark)),
                false,
                abandoned);
    }

    private Outcome moved(Change.Moved c, Long seen) {
        Mark mark = c.seat();
        Occupant seat = seats.get(mark);
        if (seat == null) {
            return Refusals.noPlayer(mark);
        }
        Long applied = seat.appliedVersion(c.id());
        if (applied != null) {
            return new Outcome.Unchanged(applied);
        }
        Outcome.Refused refused = Refusals.move(match, mark, c.cell(), seen, version, boardVersion);
        if (refused != null) {
            return refused;
        }
        boolean over = match.play(mark, c.cell(), c.id());
        seat.applied(c.id(), version + 1);
        return boardChanged(new Event.Moved(Wire.seat(mark), c.cell(), c.id()), false, over);
    }

    /** A takeback is granted at once against a bot, else asked of the opponent. */
    private Outcome undo(Mark mark) {
        Outcome.Refused refused = Refusals.undo(match, mark);
        if (refused != null) {
            return refused;
        }
        Occupant opponent = seats.get(mark.opponent());
        if (opponent != null && opponent.isBot()) {
            List<Integer> cleared = match.undo(mark);
            return boardChanged(new Event.Undone(Wire.seat(mark), cleared), false, false);
        }
        if (match.undoRequest() == mark) {
            return Refusals.undoPending();
        }
        match.requestUndo(mark);
        return applied(new Event.UndoRequested(Wire.seat(mark)), false, false);
    }

    private Outcome answerUndo(Mark mark, boolean accept) {
        Outcome.Refused refused = Refusals.answer(match, mark);
        if (refused != null) {
            return refused;
        }
        List<Integer> cleared = match.answerUndo(accept);
        return accept
                ? boardChanged(new Event.Undone(Wire.seat(mark.opponent()), cleared), false, false)
                : applied(new Event.UndoDeclined(Wire.seat(mark)), false, false);
    }

    private Outcome resign(Mark mark) {
        Outcome.Refused refused = Refusals.playing(match);
        if (refused != null) {
            return refused;
        }
        match.resign(mark);
        return boardChanged(new Event.Resigned(Wire.seat(mark)), false, true);
    }

    private Outcome claim(Mark mark) {
        Occupant opponent = seats.get(mark.opponent());
        Outcome.Refused refused = Refusals.claim(match, mark, opponent != null && opponent.isBot());
        if (refused != null) {
            return refused;
        }
        match.claim(mark);
        return boardChanged(
                new Event.GameOver(Wire.seat(mark), ResultReason.ABANDONED), false, true);
    }

    private Outcome rematch(Mark mark) {
        Occupant opponent = seats.get(mark.opponent());
        Outcome.Refused refused = Refusals.rematch(match, opponent != null);
        if (refused != null) {
            return refused;
        }
        if (match.rematchOffers().contains(mark)) {
            return new Outcome.Unchanged(version); // Offered already: nothing is sent.
        }
        if (match.offerRematch(mark, opponent.isBot())) {
            newGame();
            return applied(new Event.RematchStarted(match.game()), true, false);
        }
        return applied(new Event.RematchOffered(Wire.seat(mark)), false, false);
    }

    /**
     * A new room opens: seats promised by a quick match are held until {@code graceUntil} (epoch
     * ms), and a game starts when both are. True if any were: a version kept by the first
     * checkpoint, not by a command.
     */
    boolean opened(Context context, long graceUntil) {
        match.at(context.nanos(), context.millis());
        boolean any = false;
        for (Occupant seat : seats.values()) {
            if (seat.reserved) {
                seat.graceUntil = graceUntil;
                any = true;
            }
        }
        if (any) {
            if (seats.size() == 2) {
                startIfWaiting();
            }
            version++;
        }
        return any;
    }

    /** Holds seats for players promised them (a quick match), before {@link #opened}. */
    void reserve(Map<Mark, Reservation> reservations) {
        reservations.forEach(
                (mark, r) -> {
                    if (seats.containsKey(mark)) {
                        throw new IllegalArgumentException("seat " + mark + " is taken by the bot");
                    }
                    seats.put(mark, Occupant.reserved(r.name(), r.token()));
                });
    }

    /** Starts a game if both seats are filled and none is running; true if one started. */
    private boolean startIfWaiting() {
        if (match.startIfWaiting()) {
            newGame();
            return true;
        }
        return false;
    }

    private void newGame() {
        boardVersion = version + 1;
        seats.values().forEach(Occupant::forgetMoves);
    }

    private Outcome.Applied boardChanged(Event event, boolean started, boolean ended) {
        boardVersion = version + 1;
        return applied(event, started, ended);
    }

    private Outcome.Applied applied(Event event, boolean started, boolean ended) {
        return new Outcome.Applied(++version, event, started, ended);
    }

    private Event gameOver() {
        Match.Result result = match.result();
        return new Event.GameOver(Wire.seat(result.winner()), result.reason());
    }

    private Occupant person(Mark mark) {
        Occupant seat = seats.get(mark);
        return seat == null || seat.isBot() ? null : seat;
    }

    RoomSettings settings() {
        return settings;
    }

    Match match() {
        return match;
    }

    /** X and O as seated; only {@link #apply} changes them. */
    Map<Mark, Occupant> seats() {
        return seats;
    }

    Occupant seat(Mark mark) {
        return seats.get(mark);
    }

    int spectators() {
        return spectators;
    }

    long version() {
        return version;
    }

    long boardVersion() {
        return boardVersion;
    }

    /** True while a player or a spectator is connected. */
    boolean occupied() {
        return spectators > 0 || seats.values().stream().anyMatch(s -> !s.isBot() && s.connected);
    }

    /** The seat a newcomer (or a bot invited without a seat) takes, or null when both are taken. */
    Mark freeSeat() {
        Mark preferred = settings.creatorSeat();
        if (!seats.containsKey(preferred)) {
            return preferred;
        }
        return seats.containsKey(preferred.opponent()) ? null : preferred.opponent();
    }
}
