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
 * A room's rules as a state machine: {@link #apply} takes a command (a {@link Change}, the record
 * the journal keeps) and its {@link Context} and gives a new version with its event, or a refusal,
 * as a value. It reads no clock, draws no random number, touches no channel, timer or thread: the
 * time is in the context, and what was chosen (a seat token, the bot's cell) is in the command. So
 * a journal folded through it from a checkpoint lands on the versions it was written with, and
 * tests drive it without an event loop. The {@link Room} actor around it owns the mailbox, the
 * timers, the members' connections, publishing and recording.
 *
 * <p>The state is this object's, mutable behind {@code apply}, not a fresh record per command: a
 * copy of a 15×15 board 100 moves in took 0.45 to 1.4 µs where playing a move and taking it back
 * took 23 to 70 ns (a loop on a loaded 2-core machine), and the clock and the series would be
 * copied with it. A refused command leaves the state as it was because every check runs before
 * anything changes (RoomCorePropertyTest holds it to that). A checkpoint is this state as values
 * ({@link State}, written by Jackson), and {@link #restore} makes the core again from one.
 */
final class RoomCore {

    /**
     * When a command happens, on the room's monotonic line and on the wall clock; for a player's
     * move, the version it was made for ({@code seen}, null when none is checked: a bot's move, a
     * replay).
     */
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

    /**
     * The core's whole state as values, what a checkpoint keeps of it: {@link #restore} makes the
     * same core again, and the commands after it apply on top as they did the first time.
     */
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

    /**
     * True when the side to move has run out of time at this instant: the actor then applies {@link
     * Change.TimedOut} before anything else.
     */
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
            return new Outcome.Refused(
                    ErrorCode.GAME_OVER, "the game is over: " + out + " ran out of time");
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
            return seatTaken(c.seat());
        }
        seats.put(c.seat(), Occupant.person(c.name(), c.token(), true));
        boolean started = seats.size() == 2 && startIfWaiting();
        return applied(new Event.Joined(Wire.seat(c.seat()), c.name()), started, false);
    }

    private Outcome botSeated(Change.BotSeated c) {
        if (seats.containsKey(c.seat())) {
            return seatTaken(c.seat());
        }
        seats.put(c.seat(), Occupant.bot(c.level()));
        boolean started = startIfWaiting();
        return applied(
                new Event.BotJoined(Wire.seat(c.seat()), Wire.level(c.level())), started, false);
    }

    private Outcome dropped(Change.Dropped c) {
        Occupant seat = person(c.seat());
        if (seat == null) {
            return noPlayer(c.seat());
        }
        seat.connected = false;
        seat.graceUntil = c.graceUntil();
        return applied(new Event.Disconnected(Wire.seat(c.seat())), false, false);
    }

    private Outcome returned(Mark mark) {
        Occupant seat = person(mark);
        if (seat == null) {
            return noPlayer(mark);
        }
        seat.connected = true;
        seat.graceUntil = null;
        // A player promised the seat by a quick match arrives for the first time: a join to the
        // others.
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
            return noPlayer(mark);
        }
        seats.remove(mark);
        match.withdrawRematch(mark);
        boolean abandoned = match.abandon(mark);
        if (abandoned) {
            boardVersion = version + 1;
        }
        // One event per diff: the abandoned game is the bigger news; the empty seat shows in the
        // snapshot.
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
            return noPlayer(mark);
        }
        Long applied = seat.appliedVersion(c.id());
        if (applied != null) {
            return new Outcome.Unchanged(applied);
        }
        if (seen != null && seen > version) {
            return new Outcome.Refused(
                    ErrorCode.VERSION_AHEAD,
                    "the room is at version "
                            + version
                            + ", not yet at "
                            + seen
                            + "; sync and look again");
        }
        Outcome.Refused illegal = match.checkMove(mark, c.cell());
        if (illegal != null) {
            return illegal;
        }
        if (seen != null && seen < boardVersion) {
            return new Outcome.Refused(
                    ErrorCode.STALE_VERSION,
                    "the board changed at version "
                            + boardVersion
                            + " after the version "
                            + seen
                            + " this move was made for; look again");
        }
        boolean over = match.play(mark, c.cell(), c.id());
        seat.applied(c.id(), version + 1);
        return boardChanged(new Event.Moved(Wire.seat(mark), c.cell(), c.id()), false, over);
    }

    /**
     * {@code mark} asks to take back its last move: granted at once against a bot, else asked of
     * the opponent.
     */
    private Outcome undo(Mark mark) {
        Outcome.Refused refused = match.checkUndo(mark);
        if (refused != null) {
            return refused;
        }
        Occupant opponent = seats.get(mark.opponent());
        if (opponent != null && opponent.isBot()) {
            List<Integer> cleared = match.undo(mark);
            return boardChanged(new Event.Undone(Wire.seat(mark), cleared), false, false);
        }
        if (match.undoRequest() == mark) {
            return new Outcome.Refused(
                    ErrorCode.NO_PENDING_REQUEST,
                    "your takeback request is already waiting for an answer");
        }
        match.requestUndo(mark);
        return applied(new Event.UndoRequested(Wire.seat(mark)), false, false);
    }

    private Outcome answerUndo(Mark mark, boolean accept) {
        Outcome.Refused refused = match.checkAnswer(mark);
        if (refused != null) {
            return refused;
        }
        List<Integer> cleared = match.answerUndo(accept);
        return accept
                ? boardChanged(new Event.Undone(Wire.seat(mark.opponent()), cleared), false, false)
                : applied(new Event.UndoDeclined(Wire.seat(mark)), false, false);
    }

    private Outcome resign(Mark mark) {
        Outcome.Refused refused = match.checkPlaying();
        if (refused != null) {
            return refused;
        }
        match.resign(mark);
        return boardChanged(new Event.Resigned(Wire.seat(mark)), false, true);
    }

    private Outcome claim(Mark mark) {
        Occupant opponent = seats.get(mark.opponent());
        if (opponent != null && opponent.isBot() && match.status() == Match.Status.PLAYING) {
            return new Outcome.Refused(ErrorCode.CLAIM_NOT_ALLOWED, "a bot is never idle");
        }
        Outcome.Refused refused = match.checkClaim(mark);
        if (refused != null) {
            return refused;
        }
        match.claim(mark);
        return boardChanged(
                new Event.GameOver(Wire.seat(mark), ResultReason.ABANDONED), false, true);
    }

    private Outcome rematch(Mark mark) {
        Occupant opponent = seats.get(mark.opponent());
        if (opponent == null) {
            return new Outcome.Refused(
                    ErrorCode.WAITING_FOR_OPPONENT,
                    "the other seat is empty: wait for an opponent or invite the bot");
        }
        if (match.status() != Match.Status.OVER) {
            return new Outcome.Refused(
                    ErrorCode.GAME_NOT_OVER, "a rematch can be offered once the game is over");
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
     * ms), and a game starts at once when both are. True if there were any: the room then moved a
     * version, kept whole by its first checkpoint rather than by a command.
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

    /**
     * Holds seats for players promised them before the room opens (a quick match); before {@link
     * #opened}.
     */
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

    private static Outcome.Refused seatTaken(Mark mark) {
        return new Outcome.Refused(ErrorCode.SEAT_TAKEN, "seat " + mark + " is taken");
    }

    private static Outcome.Refused noPlayer(Mark mark) {
        return new Outcome.Refused(ErrorCode.NOT_A_PLAYER, "nobody plays " + mark);
    }

    // ---- the state, read ----

    RoomSettings settings() {
        return settings;
    }

    Match match() {
        return match;
    }

    /** X and O as seated; the actor reads, only {@link #apply} changes. */
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
