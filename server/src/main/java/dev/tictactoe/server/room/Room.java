package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.logging.LogFields;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/** The room actor: the one owner of a room's state, run on its event loop one task at a time. */
public final class Room {

    private static final Logger log = LoggerFactory.getLogger(Room.class);

    private final String code;
    final EventLoop loop;
    final RoomContext context;
    final RoomCore core;
    final RoomTime time;
    final Feed feed;
    final Members members;
    final Recorder recorder;

    /** A bot's moves in this room follow from it, game by game. */
    final long botSeed;

    private final Messages messages;
    private boolean dispatching;

    /** The member whose message is being handled, if any: it hears of the change last. */
    private @Nullable Session handling;

    boolean closed;

    /** When the room was made, epoch ms; a rebuilt room has it from its checkpoint. */
    long createdAt;

    Room(String code, RoomSettings settings, EventLoop loop, long botSeed, RoomContext context) {
        this(code, loop, botSeed, context, new RoomCore(settings, context.limits().idleClaim()));
    }

    /** A rebuilt room is set to its checkpoint's instant ({@link RoomTime#replayAt}) after this. */
    Room(String code, EventLoop loop, long botSeed, RoomContext context, RoomCore core) {
        this.code = code;
        this.loop = loop;
        this.context = context;
        this.time = new RoomTime(this);
        this.core = core;
        this.members = new Members(this);
        this.feed = new Feed(this);
        this.botSeed = botSeed;
        this.recorder = new Recorder(this);
        this.messages = new Messages(this);
        this.createdAt = time.millis;
    }

    public String code() {
        return code;
    }

    public RoomSettings settings() {
        return core.settings;
    }

    /** The event loop the room runs on; its players' connections move there to share it. */
    public EventLoop loop() {
        return loop;
    }

    /** Inline when already on the loop and not mid-operation. */
    void execute(Runnable task) {
        if (loop.inEventLoop() && !dispatching) {
            dispatching = true;
            try (LogFields.Scope fields = LogFields.room(code)) {
                time.tick();
                time.flagIfDue();
                task.run();
            } finally {
                dispatching = false;
                time.rescheduleClock();
            }
        } else {
            try {
                loop.execute(() -> execute(task));
            } catch (RejectedExecutionException e) {
                log.debug("room {} stopped; dropped a late task", code);
            }
        }
    }

    ScheduledFuture<?> schedule(Runnable task, long nanos) {
        return loop.schedule(() -> execute(task), nanos, TimeUnit.NANOSECONDS);
    }

    public void receive(Session session, ClientMessage message) {
        long received = System.nanoTime();
        execute(
                () -> {
                    handling = session;
                    try (LogFields.Scope fields = LogFields.member(session.seat, session.member)) {
                        if (messages.handle(session, message) instanceof Outcome.Refused r) {
                            log.debug(
                                    "{} rejected {}: {}",
                                    session,
                                    message.getClass().getSimpleName(),
                                    r.message());
                            context.metrics().rejected(r.code());
                            feed.send(
                                    session,
                                    new ServerMessage.ErrorMessage(
                                            r.code(), r.message(), Messages.refOf(message)));
                        }
                    } finally {
                        handling = null;
                        context.metrics().handled(message, received);
                    }
                });
    }

    public void disconnected(Session session) {
        execute(() -> members.leave(session, false));
    }

    /** The connection's outbound buffer drained: catch it up if a broadcast was skipped. */
    public void writable(Session session) {
        execute(() -> feed.catchUp(session));
    }

    /** A public summary for the HTTP status endpoint, computed on the room's loop. */
    public Future<Snapshot> status() {
        return loop.submit(feed::snapshot);
    }

    /** Applies and journals {@code command} before anyone hears: no one sees a lost change. */
    Outcome run(Change command) {
        Outcome outcome = core.apply(command, new RoomCore.Context(time.nanos, time.millis));
        if (outcome instanceof Outcome.Applied applied) {
            feed.advance(applied.event());
            recorder.changed(command);
            feed.broadcastNewest(handling);
            if (!time.replaying) {
                counted(command, applied);
                context.bots().turn(this);
            }
        }
        return outcome;
    }

    private void counted(Change command, Outcome.Applied applied) {
        Match match = core.match;
        if (applied.event() instanceof Event.Moved) {
            context.metrics().moved(command instanceof Change.BotMoved);
        }
        if (applied.event() instanceof Event.BotJoined bot) {
            log.info("room {} seat {} taken by the {} bot", code, bot.seat(), bot.level());
        }
        if (applied.started()) {
            log.debug(
                    "room {} game {} starts, {} moves first",
                    code,
                    match.game,
                    match.board.first());
        }
        Match.Result r = match.result;
        if (!applied.ended() || r == null) {
            return;
        }
        context.metrics().gameFinished(r.winner(), r.reason());
        // Debug, and guarded: a busy server ends hundreds of games a second.
        if (log.isDebugEnabled()) {
            log.debug(
                    "room {} game {} over: {} ({}), score X {} O {} draws {}",
                    code,
                    match.game,
                    r.winner() == null ? "draw" : r.winner() + " wins",
                    r.reason(),
                    match.wins(Seat.X),
                    match.wins(Seat.O),
                    match.draws);
        }
    }

    /** The room is gone for good: out of the registry and the journal, its games kept. */
    void expire(String why) {
        stop();
        context.removed().accept(this);
        context.journal().closed(code, core.version);
        log.info("room {} removed {}", code, why);
    }

    /** A room with seats promised by a quick match starts its game at once. */
    void created() {
        execute(
                () -> {
                    if (members.holdReservations()) {
                        feed.advance(null);
                        context.bots().turn(this);
                    }
                    time.startEmpty(time.millis);
                    recorder.created();
                });
    }

    /** A rebuilt room goes live; one empty for the empty-room time, downtime included, goes. */
    void resume() {
        execute(
                () -> {
                    run(new Change.Resumed(time.resume()));
                    if (core.spectators != 0) {
                        run(new Change.Spectators(0));
                    }
                    members.recovered();
                    Long since = time.emptySince;
                    if (since != null
                            && since + context.limits().emptyRoomTtl().toMillis() <= time.millis) {
                        expire(
                                "while the server was down, empty since "
                                        + Instant.ofEpochMilli(since));
                        return;
                    }
                    time.startEmpty(since == null ? time.millis : since);
                    context.bots().turn(this);
                });
    }

    void shutdown() {
        execute(
                () -> {
                    closed = true;
                    for (Session member : List.copyOf(feed.members)) {
                        member.member.close(CloseCodes.GOING_AWAY, "server shutting down");
                    }
                    stop();
                });
    }

    /** No task of this room runs again by its timers. */
    void stop() {
        closed = true;
        members.cancelTimers();
        time.cancelEmpty();
    }
}
