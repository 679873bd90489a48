package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
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

/**
 * The room actor: the one owner of a room's state. Every operation runs on the room's own event
 * loop, one at a time in arrival order; other threads hand work to it through {@link #execute}.
 * This class dispatches messages and runs the room's lifecycle; {@link Members}, {@link
 * GameCommands}, {@link Phrases}, {@link BotTurns} and {@link Feed} do the work, {@link Recorder}
 * writes each change down and {@link Replay} makes the journaled changes again after a restart. It
 * stays one file: what is left is the dispatch table and the lifecycle (timers, closing, history),
 * each short, and all of them touch the same few fields.
 */
public final class Room {

    private static final Logger log = LoggerFactory.getLogger(Room.class);

    private final String code;
    private final RoomSettings settings;
    final EventLoop loop;
    final RoomContext context;
    final Match match;
    final Feed feed;
    final Members members;
    final BotTurns bots;
    final GameCommands game;
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
                new RoomTime(context.nanoTime(), context.epochMillis()));
    }

    private Room(
            String code,
            RoomSettings settings,
            EventLoop loop,
            long botSeed,
            RoomContext context,
            RoomTime time) {
        this(
                code,
                settings,
                loop,
                botSeed,
                context,
                time,
                new Match(settings, time::nanos, time::millis, context.limits().idleClaim()));
    }

    /**
     * A room whose series is {@code match} on the time line {@code time}: new, or rebuilt from a
     * checkpoint.
     */
    Room(
            String code,
            RoomSettings settings,
            EventLoop loop,
            long botSeed,
            RoomContext context,
            RoomTime time,
            Match match) {
        this.code = code;
        this.settings = settings;
        this.loop = loop;
        this.context = context;
        this.botSeed = botSeed;
        this.time = time;
        this.match = match;
        this.members = new Members(this);
        this.feed =
                new Feed(
                        (version, previous) ->
                                Snapshots.of(
                                        code,
                                        version,
                                        settings,
                                        match,
                                        members.seats(),
                                        members.spectators(),
                                        previous),
                        context.limits().diffHistory(),
                        context.epochMillis());
        this.bots = new BotTurns(this, botSeed);
        this.game = new GameCommands(this);
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
                        handle(session, message);
                    } catch (Rejection r) {
                        log.debug(
                                "{} rejected {}: {}",
                                session,
                                message.getClass().getSimpleName(),
                                r.getMessage());
                        context.metrics().rejected(r.code);
                        feed.send(
                                session,
                                new ServerMessage.Error(r.code, r.getMessage(), refOf(message)));
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

    private void handle(Session session, ClientMessage message) {
        if (closed) {
            throw new Rejection(ErrorCode.UNKNOWN_ROOM, "room " + code + " has closed");
        }
        if (message instanceof ClientMessage.Join join) {
            members.join(session, join);
            return;
        }
        if (!session.joined) {
            throw new Rejection(ErrorCode.NOT_JOINED, "send join first");
        }
        switch (message) {
            case ClientMessage.Join ignored -> throw new IllegalStateException();
            case ClientMessage.Move move -> game.move(session, move);
            case ClientMessage.Undo ignored -> game.undo(session);
            case ClientMessage.UndoReply reply -> game.answerUndo(session, reply.accept());
            case ClientMessage.Resign ignored -> game.resign(session);
            case ClientMessage.Claim ignored -> game.claim(session);
            case ClientMessage.Rematch ignored -> game.rematch(session);
            case ClientMessage.InviteBot invite -> game.inviteBot(session, invite);
            case ClientMessage.Sync sync -> feed.sync(session, sync.lastVersion());
            case ClientMessage.History ignored -> sendHistory(session);
            case ClientMessage.Phrase phrase -> phrases.say(session, phrase);
            case ClientMessage.Leave ignored -> {
                members.leave(session, true);
                session.member.close(CloseCodes.LEFT, "left the room");
            }
            // Answered by the connection itself; one handed here anyway changes nothing.
            case ClientMessage.Ping ignored -> {}
        }
    }

    /**
     * Publishes {@code change} to every member as one diff; the member who caused it hears last.
     * Written down before anyone hears of it: a client never sees a change a restart forgets (up to
     * the durability policy's window).
     */
    void publish(Event event, Change change) {
        feed.advance(event);
        recorder.changed(change);
        feed.broadcastNewest(handling);
    }

    /**
     * Back after a restart with the wall clock {@code pausedMillis} further on than at the last
     * change: a running clock's or idle claim's shown times move with it, which members see.
     */
    void resumed(long pausedMillis) {
        if (match.wallClockMoved(pausedMillis)) {
            publish(null, new Change.Resumed(pausedMillis));
        }
    }

    /**
     * The finished games from the archive the HTTP endpoint reads (games it lacks, such as one
     * whose write failed, filled in from memory); from memory alone when the server keeps none.
     */
    private void sendHistory(Session session) {
        CompletableFuture<List<GameRecord>> archived = context.journal().history(code);
        if (archived == null) {
            feed.send(
                    session, new ServerMessage.HistoryMessage(Snapshots.history(match, List.of())));
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
                                                                match,
                                                                failure == null
                                                                        ? games
                                                                        : List.of())));
                                    }
                                }));
    }

    // ---- the game clock ----

    /**
     * Ends a timed game whose side to move has run out, before the task at hand counts; true if it
     * did. The room calls it first in every task, and a replay before every change.
     */
    boolean flagIfDue() {
        Mark out = match.tick();
        if (out == null || closed) {
            return false;
        }
        Match.Result result = match.result();
        context.metrics()
                .gameFinished(
                        result.winner() == null ? null : result.winner().name(), result.reason());
        feed.boardChanges();
        publish(
                new Event.GameOver(
                        result.winner() == null ? null : result.winner().name(), result.reason()),
                new Change.TimedOut());
        if (!time.replaying()) {
            log.info("room {} game {}: {} ran out of time", code, match.game(), out);
        }
        return true;
    }

    /** Keeps the room's one clock timer at the running side's deadline, or none. */
    private void rescheduleClockTimer() {
        GameClock clock = match.clock();
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
        return members.occupied() ? null : emptySince != null ? emptySince : time.millis();
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
                        if (members.seats().size() == 2) {
                            game.startIfWaiting();
                        }
                        // Nobody is here to hear it, and the checkpoint below holds it whole: no
                        // record.
                        feed.advance(null);
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
