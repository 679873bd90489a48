package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.logging.LogFields;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.netty.util.concurrent.ScheduledFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The room actor: the one owner of a room's state. Every operation runs on the room's own event
 * loop, one at a time in arrival order; other threads hand work to it through {@link #execute}. The
 * rules are the {@link RoomCore}'s: this class turns messages into its commands ({@link #run}),
 * publishes what it applies ({@link Feed}), has {@link Recorder} write it down, and keeps the
 * timers, the members' connections ({@link Members}), the bot's searches ({@link BotTurns}) and the
 * quick phrases ({@link Phrases}), which change no state. {@link Replay} folds the journaled
 * commands through the core after a restart.
 */
public final class Room {

    private static final Logger log = LoggerFactory.getLogger(Room.class);

    private final String code;
    private final RoomSettings settings;
    final EventLoop loop;
    final RoomContext context;
    final RoomCore core;
    final Feed feed;
    final Members members;
    final BotTurns bots;
    final Phrases phrases;
    final long botSeed;
    final RoomTime time;
    final Recorder recorder;
    private final Promise<Void> removed;
    private ScheduledFuture<?> emptyTimer;

    /** Since when (epoch ms) nobody has been connected, or null while somebody is. */
    Long emptySince;

    /** The one timer of a timed game, at the running side's deadline; null when none runs. */
    private ScheduledFuture<?> clockTimer;

    private long clockTimerDeadline;
    private boolean dispatching;

    /** The member whose message is being handled, if any: it hears of the change last. */
    private Session handling;

    boolean closed;

    /** When the room was made, epoch ms; a rebuilt room has it from its checkpoint. */
    long createdAt;

    /** {@code botSeed} makes the bot's choices in this room repeatable. */
    Room(String code, RoomSettings settings, EventLoop loop, long botSeed, RoomContext context) {
        this(
                code,
                settings,
                loop,
                botSeed,
                context,
                new RoomTime(context.nanoTime(), context.epochMillis()),
                new RoomCore(settings, context.limits().idleClaim()));
    }

    /**
     * A room whose state is {@code core} on the time line {@code time}: new, or rebuilt from a
     * checkpoint.
     */
    Room(
            String code,
            RoomSettings settings,
            EventLoop loop,
            long botSeed,
            RoomContext context,
            RoomTime time,
            RoomCore core) {
        this.code = code;
        this.settings = settings;
        this.loop = loop;
        this.context = context;
        this.botSeed = botSeed;
        this.time = time;
        this.core = core;
        this.members = new Members(this);
        this.feed =
                new Feed(
                        (version, previous) -> Snapshots.of(code, version, core, previous),
                        context.limits().diffHistory(),
                        context.epochMillis());
        this.bots = new BotTurns(this, botSeed);
        this.phrases = new Phrases(this);
        this.recorder = new Recorder(this);
        this.removed = loop.newPromise();
        this.createdAt = time.millis();
    }

    public String code() {
        return code;
    }

    public RoomSettings settings() {
        return settings;
    }

    /** The event loop the room runs on; its players' connections move there to share it. */
    public EventLoop loop() {
        return loop;
    }

    /** Runs {@code task} on the room's loop: inline when already there and not mid-operation. */
    void execute(Runnable task) {
        if (loop.inEventLoop() && !dispatching) {
            dispatching = true;
            try (LogFields.Scope fields = LogFields.room(code)) {
                time.tick();
                flagIfDue();
                task.run();
            } finally {
                dispatching = false;
                rescheduleClockTimer();
            }
        } else {
            try {
                loop.execute(() -> execute(task));
            } catch (RejectedExecutionException e) {
                // The server is stopping and the room's loop with it: nothing is left to update.
                log.debug("room {} stopped; dropped a late task", code);
            }
        }
    }

    /** Runs {@code task} on the room's loop after {@code nanos}. */
    ScheduledFuture<?> schedule(Runnable task, long nanos) {
        return loop.schedule(() -> execute(task), nanos, TimeUnit.NANOSECONDS);
    }

    // ---- entry points for the network layer (any thread) ----

    /** A decoded message from a member's connection. */
    public void receive(Session session, ClientMessage message) {
        long received = System.nanoTime();
        execute(
                () -> {
                    handling = session;
                    try (LogFields.Scope fields = LogFields.member(session.seat, session.member)) {
                        Outcome.Refused r = handle(session, message);
                        if (r != null) {
                            log.debug(
                                    "{} rejected {}: {}",
                                    session,
                                    message.getClass().getSimpleName(),
                                    r.message());
                            context.metrics().rejected(r.code());
                            feed.send(
                                    session,
                                    new ServerMessage.Error(r.code(), r.message(), refOf(message)));
                        }
                    } finally {
                        handling = null;
                        context.metrics().handled(message, received);
                    }
                });
    }

    /** The connection closed, for whatever reason. */
    public void disconnected(Session session) {
        execute(() -> members.leave(session, false));
    }

    /** The connection's outbound buffer drained: catch it up if a broadcast was skipped. */
    public void writable(Session session) {
        execute(() -> feed.catchUp(session));
    }

    /** Completes when the room has been removed for standing empty. */
    public Future<Void> removed() {
        return removed;
    }

    /** A public summary for the HTTP status endpoint, computed on the room's loop. */
    public Future<Snapshot> status() {
        return loop.submit(feed::snapshot);
    }

    // ---- dispatch (room loop only) ----

    /** Handles a member's message; returns its refusal, if any. */
    private Outcome.Refused handle(Session session, ClientMessage message) {
        if (closed) {
            return new Outcome.Refused(ErrorCode.UNKNOWN_ROOM, "room " + code + " has closed");
        }
        if (message instanceof ClientMessage.Join join) {
            return members.join(session, join);
        }
        if (!session.joined) {
            return new Outcome.Refused(ErrorCode.NOT_JOINED, "send join first");
        }
        return switch (message) {
            case ClientMessage.Join ignored -> throw new IllegalStateException();
            case ClientMessage.Move move -> move(session, move);
            case ClientMessage.Undo ignored -> play(session, Change.Undo::new);
            case ClientMessage.UndoReply reply ->
                    play(session, mark -> new Change.UndoAnswer(mark, reply.accept()));
            case ClientMessage.Resign ignored -> play(session, Change.Resigned::new);
            case ClientMessage.Claim ignored -> play(session, Change.Claimed::new);
            case ClientMessage.Rematch ignored -> play(session, Change.Rematch::new);
            case ClientMessage.InviteBot invite -> inviteBot(session, invite);
            case ClientMessage.Sync sync -> {
                feed.sync(session, sync.lastVersion());
                yield null;
            }
            case ClientMessage.History ignored -> {
                sendHistory(session);
                yield null;
            }
            case ClientMessage.Phrase phrase -> phrases.say(session, phrase);
            case ClientMessage.Leave ignored -> {
                members.leave(session, true);
                session.member.close(CloseCodes.LEFT, "left the room");
                yield null;
            }
            // Answered by the connection itself; one handed here anyway changes nothing.
            case ClientMessage.Ping ignored -> null;
            case ClientMessage.Pong ignored -> null;
        };
    }

    /** A player's command for its own seat; spectators are refused. */
    private Outcome.Refused play(Session session, Function<Mark, Change> command) {
        return session.seat == null
                ? NOT_A_PLAYER
                : refusal(run(command.apply(session.seat), null));
    }

    /** A resent move is acknowledged with the version it made, not played again. */
    private Outcome.Refused move(Session session, ClientMessage.Move move) {
        if (session.seat == null) {
            return NOT_A_PLAYER;
        }
        Outcome outcome =
                run(new Change.Moved(session.seat, move.cell(), move.id()), move.version());
        if (outcome instanceof Outcome.Unchanged repeated) {
            feed.send(session, new ServerMessage.Ack(move.id(), repeated.version()));
        }
        return refusal(outcome);
    }

    private Outcome.Refused inviteBot(Session session, ClientMessage.InviteBot invite) {
        if (session.seat == null) {
            return NOT_A_PLAYER;
        }
        Level level = Wire.level(invite.level());
        Mark seat = invite.seat() == null ? core.freeSeat() : Wire.mark(invite.seat());
        if (seat == null) {
            return new Outcome.Refused(ErrorCode.SEAT_TAKEN, "there is no empty seat for the bot");
        }
        Outcome outcome = run(new Change.BotSeated(seat, level), null);
        if (outcome instanceof Outcome.Applied) {
            log.info("room {} seat {} taken by the {} bot", code, seat, level);
        }
        return refusal(outcome);
    }

    static final Outcome.Refused NOT_A_PLAYER =
            new Outcome.Refused(
                    ErrorCode.NOT_A_PLAYER,
                    "spectators cannot play; join with a free seat to play");

    private static Outcome.Refused refusal(Outcome outcome) {
        return outcome instanceof Outcome.Refused refused ? refused : null;
    }

    /**
     * Applies {@code command} in the core at the current task's instant ({@code seen}: the version
     * a player's move was made for); publishes and records it when applied.
     */
    Outcome run(Change command, Long seen) {
        Outcome outcome =
                core.apply(command, new RoomCore.Context(time.nanos(), time.millis(), seen));
        if (outcome instanceof Outcome.Applied applied) {
            publish(applied.event(), command);
            if (!time.replaying()) {
                counted(command, applied);
                bots.schedule();
            }
        }
        return outcome;
    }

    /**
     * Publishes {@code change} to every member as one diff; the member who caused it hears last.
     * Written down before anyone hears of it: a client never sees a change a restart forgets (up to
     * the durability policy's window).
     */
    private void publish(Event event, Change change) {
        feed.advance(core.version(), event);
        recorder.changed(change);
        feed.broadcastNewest(handling);
    }

    /** The metrics and log lines of an applied command. */
    private void counted(Change command, Outcome.Applied applied) {
        Match match = core.match();
        if (command instanceof Change.Moved moved) {
            context.metrics().moved(core.seat(moved.seat()).isBot());
        }
        if (applied.started()) {
            log.debug("room {} game {} starts, {} moves first", code, match.game(), match.first());
        }
        if (!applied.ended()) {
            return;
        }
        Match.Result r = match.result();
        context.metrics()
                .gameFinished(r.winner() == null ? null : r.winner().name(), r.reason().wire());
        // Debug: a busy server ends hundreds of games a second; the metrics count them. Guarded,
        // so the arguments are not even built at the default level.
        if (log.isDebugEnabled()) {
            log.debug(
                    "room {} game {} over: {} ({}), score X {} O {} draws {}",
                    code,
                    match.game(),
                    r.winner() == null ? "draw" : r.winner() + " wins",
                    r.reason(),
                    match.wins(Mark.X),
                    match.wins(Mark.O),
                    match.draws());
        }
    }

    /**
     * Back after a restart with the wall clock {@code pausedMillis} further on than at the last
     * change: a running clock's or idle claim's shown times move with it, which members see.
     */
    void resumed(long pausedMillis) {
        run(new Change.Resumed(pausedMillis), null);
    }

    /**
     * The finished games from the archive the HTTP endpoint reads (games it lacks, such as one
     * whose write failed, filled in from memory); from memory alone when the server keeps none.
     */
    private void sendHistory(Session session) {
        CompletableFuture<List<GameRecord>> archived = context.journal().history(code);
        if (archived == null) {
            feed.send(
                    session,
                    new ServerMessage.HistoryMessage(Snapshots.history(core.match(), List.of())));
            return;
        }
        archived.whenComplete(
                (games, failure) ->
                        execute(
                                () -> {
                                    if (failure != null) {
                                        log.warn(
                                                "room {}: the game archive could not be read,"
                                                        + " history from memory: {}",
                                                code,
                                                failure.toString());
                                    }
                                    if (session.joined) {
                                        feed.send(
                                                session,
                                                new ServerMessage.HistoryMessage(
                                                        Snapshots.history(
                                                                core.match(),
                                                                failure == null
                                                                        ? games
                                                                        : List.of())));
                                    }
                                }));
    }

    // ---- the game clock ----

    /**
     * Ends a timed game whose side to move has run out, before the task at hand counts. The room
     * does it first in every task.
     */
    private void flagIfDue() {
        if (!closed && core.outOfTime(time.nanos(), time.millis())) {
            run(new Change.TimedOut(), null);
        }
    }

    /** Keeps the room's one clock timer at the running side's deadline, or none. */
    private void rescheduleClockTimer() {
        GameClock clock = core.match().clock();
        OptionalLong deadline = clock == null || closed ? OptionalLong.empty() : clock.deadline();
        if (clockTimer != null
                && (deadline.isEmpty() || deadline.getAsLong() != clockTimerDeadline)) {
            clockTimer.cancel(false);
            clockTimer = null;
        }
        if (clockTimer == null && deadline.isPresent()) {
            clockTimerDeadline = deadline.getAsLong();
            // The task itself does nothing: execute() checks the clock before every task.
            clockTimer = schedule(() -> clockTimer = null, clockTimerDeadline - time.nanosNow());
        }
    }

    // ---- lifecycle ----

    /**
     * Nobody is connected from now on: the room goes after the empty-room time unless somebody
     * comes.
     */
    void startEmptyTimer() {
        startEmptyTimer(time.millis());
    }

    /**
     * Nobody has been connected since {@code since} (epoch ms): the room goes that long after it.
     */
    void startEmptyTimer(long since) {
        cancelEmptyTimer();
        emptySince = since;
        long left = Math.max(0, since + context.limits().emptyRoomTtl().toMillis() - time.millis());
        emptyTimer =
                schedule(
                        () -> {
                            if (feed.members().isEmpty() && !closed) {
                                expire(
                                        "after "
                                                + context.limits().emptyRoomTtl()
                                                + " with nobody connected");
                            }
                        },
                        TimeUnit.MILLISECONDS.toNanos(left));
    }

    void cancelEmptyTimer() {
        emptySince = null;
        if (emptyTimer != null) {
            emptyTimer.cancel(false);
            emptyTimer = null;
        }
    }

    /**
     * Since when nobody has been connected as of the change at hand (epoch ms), or null: the same
     * whether the room's timers have caught up with the change yet or not.
     */
    Long emptyAsOfNow() {
        return core.occupied() ? null : emptySince != null ? emptySince : time.millis();
    }

    /**
     * The room is gone for good: out of the registry and the journal, its games kept for the
     * retention.
     */
    void expire(String why) {
        closed = true;
        members.cancelTimers();
        cancelEmptyTimer();
        context.removed().accept(this);
        context.journal().closed(code, feed.version());
        removed.trySuccess(null);
        log.info("room {} removed {}", code, why);
    }

    /**
     * Called once by the registry after creation: nobody is here yet. A room whose seats were
     * promised (a quick match) starts its game at once; the promised players have the seat grace to
     * come. The room's first checkpoint keeps it, opening game included.
     */
    void created() {
        execute(
                () -> {
                    if (members.holdReservations()) {
                        // Nobody is here to hear it, and the checkpoint below holds it whole: no
                        // record.
                        feed.advance(core.version(), null);
                        bots.schedule();
                    }
                    startEmptyTimer();
                    recorder.created();
                });
    }

    /** Server shutdown: tell every member and stop. */
    void shutdown() {
        execute(
                () -> {
                    closed = true;
                    for (Session member : List.copyOf(feed.members())) {
                        member.member.close(CloseCodes.GOING_AWAY, "server shutting down");
                    }
                    members.cancelTimers();
                    cancelEmptyTimer();
                });
    }

    int memberCount() {
        return feed.members().size();
    }

    Snapshot snapshot() {
        return feed.snapshot();
    }

    /** What an error refers to: a move's id, else the refused message's type. */
    private static String refOf(ClientMessage message) {
        return message instanceof ClientMessage.Move move
                ? move.id()
                : MessageCodec.typeName(message);
    }
}
