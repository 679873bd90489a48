package dev.tictactoe.server.room;

import dev.tictactoe.server.logging.LogFields;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The room actor: the one owner of a room's state. Every operation runs on the room's own event
 * loop, one at a time in arrival order; other threads hand work to it through {@link #execute}.
 * This class dispatches messages and runs the room's lifecycle; {@link Members}, {@link
 * GameCommands}, {@link BotTurns} and {@link Feed} do the work.
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
    final long botSeed;
    private final Promise<Void> removed;
    /** The newest finished game handed to the journal. */
    int archivedGame;
    private ScheduledFuture<?> emptyTimer;
    /** The one timer of a timed game, at the running side's deadline; null when none runs. */
    private ScheduledFuture<?> clockTimer;
    private long clockTimerDeadline;
    private boolean dispatching;
    /** The member whose message is being handled, if any: it hears of the change last. */
    private Session handling;
    boolean closed;

    /** {@code botSeed} makes the bot's choices in this room repeatable. */
    Room(String code, RoomSettings settings, EventLoop loop, long botSeed, RoomContext context) {
        this(code, settings, loop, botSeed, context,
                new Match(settings, context.nanoTime(), context.epochMillis(), context.limits().idleClaim()));
    }

    /** A room whose series is {@code match}: new, or rebuilt from a checkpoint. */
    Room(String code, RoomSettings settings, EventLoop loop, long botSeed, RoomContext context, Match match) {
        this.code = code;
        this.settings = settings;
        this.loop = loop;
        this.context = context;
        this.botSeed = botSeed;
        this.match = match;
        this.members = new Members(this);
        this.feed = new Feed((version, previous) -> Snapshots.of(code, version, settings, match, members.seats(),
                members.spectators(), previous), context.limits().diffHistory(), context.epochMillis());
        this.bots = new BotTurns(this, botSeed);
        this.game = new GameCommands(this);
        this.removed = loop.newPromise();
    }

    public String code() {
        return code;
    }

    public RoomSettings settings() {
        return settings;
    }

    /** Runs {@code task} on the room's loop: inline when already there and not mid-operation. */
    void execute(Runnable task) {
        if (loop.inEventLoop() && !dispatching) {
            dispatching = true;
            try (LogFields.Scope fields = LogFields.room(code)) {
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
        execute(() -> {
            handling = session;
            try (LogFields.Scope fields = LogFields.member(session.seat, session.member.toString())) {
                handle(session, message);
            } catch (Rejection r) {
                log.debug("{} rejected {}: {}", session, message.getClass().getSimpleName(), r.getMessage());
                context.metrics().rejected(r.code);
                Feed.send(session, new ServerMessage.Error(r.code, r.getMessage(), refOf(message)));
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
            case ClientMessage.History ignored ->
                    Feed.send(session, new ServerMessage.HistoryMessage(Snapshots.history(match)));
            case ClientMessage.Leave ignored -> {
                members.leave(session, true);
                session.member.close(CloseCodes.LEFT, "left the room");
            }
        }
    }

    /** Publishes a change to every member; the member who caused it hears last. */
    void publish(Event event) {
        byte[] diff = feed.advance(event);
        // Written down before anyone hears of it: a client never sees a change a restart forgets
        // (up to the durability policy's window).
        Checkpoints.write(this);
        feed.broadcast(diff, handling);
    }

    // ---- the game clock ----

    /** Ends a timed game whose side to move has run out, before the task at hand counts. */
    private void flagIfDue() {
        Mark out = match.tick();
        if (out == null || closed) {
            return;
        }
        Match.Result result = match.result();
        context.metrics().gameFinished(result.winner() == null ? null : result.winner().name(), result.reason());
        feed.boardChanges();
        publish(new Event.GameOver(result.winner() == null ? null : result.winner().name(), result.reason()));
        log.info("room {} game {}: {} ran out of time", code, match.game(), out);
    }

    /** Keeps the room's one clock timer at the running side's deadline, or none. */
    private void rescheduleClockTimer() {
        GameClock clock = match.clock();
        OptionalLong deadline = clock == null || closed ? OptionalLong.empty() : clock.deadline();
        if (clockTimer != null && (deadline.isEmpty() || deadline.getAsLong() != clockTimerDeadline)) {
            clockTimer.cancel(false);
            clockTimer = null;
        }
        if (clockTimer == null && deadline.isPresent()) {
            clockTimerDeadline = deadline.getAsLong();
            // The task itself does nothing: execute() checks the clock before every task.
            clockTimer = schedule(() -> clockTimer = null, clockTimerDeadline - context.nanoTime().getAsLong());
        }
    }

    // ---- lifecycle ----

    void startEmptyTimer() {
        cancelEmptyTimer();
        emptyTimer = schedule(() -> {
            if (feed.members().isEmpty() && !closed) {
                closed = true;
                members.cancelTimers();
                context.removed().accept(this);
                context.journal().closed(code, feed.version());
                removed.setSuccess(null);
                log.info("room {} removed after {} with nobody connected", code, context.limits().emptyRoomTtl());
            }
        }, context.limits().emptyRoomTtl().toNanos());
    }

    void cancelEmptyTimer() {
        if (emptyTimer != null) {
            emptyTimer.cancel(false);
            emptyTimer = null;
        }
    }

    /**
     * Called once by the registry after creation: nobody is here yet. A room whose seats were
     * promised (a quick match) starts its game at once, its first state journaled like any change;
     * the promised players have the seat grace to come.
     */
    void created() {
        execute(() -> {
            if (members.holdReservations()) {
                if (members.seats().size() == 2) {
                    game.startIfWaiting();
                }
                publish(null);
                bots.schedule();
            }
            startEmptyTimer();
        });
    }

    /** Server shutdown: tell every member and stop. */
    void shutdown() {
        execute(() -> {
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
        return message instanceof ClientMessage.Move move ? move.id() : MessageCodec.typeName(message);
    }
}
