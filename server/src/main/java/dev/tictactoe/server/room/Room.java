package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.PatchOp;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.protocol.SnapshotDiff;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The room actor: the one owner of a room's state. Every operation runs on the room's own event
 * loop, one at a time in arrival order; other threads hand work to it through {@link #execute}.
 */
public final class Room {

    private static final Logger log = LoggerFactory.getLogger(Room.class);

    private final String code;
    private final RoomSettings settings;
    private final EventLoop loop;
    private final RoomRegistry registry;
    private final long seed;
    private final Match match;
    private final EnumMap<Mark, Seat> seats = new EnumMap<>(Mark.class);
    private final List<Session> members = new ArrayList<>();
    private final DiffHistory history;
    private int spectators;
    private long version;
    /** The version at which the board last changed: moves made against an older one are stale. */
    private long boardVersion;
    /** The state as members last saw it: the base of the next diff. */
    private Snapshot shown;
    private ScheduledFuture<?> emptyTimer;
    private final io.netty.util.concurrent.Promise<Void> removed;
    private boolean dispatching;
    /** The member whose message is being handled, if any: it hears of the change last. */
    private Session handling;
    private boolean closed;

    Room(String code, RoomSettings settings, EventLoop loop, RoomRegistry registry, long seed) {
        this.code = code;
        this.settings = settings;
        this.loop = loop;
        this.registry = registry;
        this.seed = seed;
        this.match = new Match(settings);
        this.history = new DiffHistory(registry.config().diffHistory());
        if (settings.bot() != null) {
            seats.put(settings.creatorSeat().opponent(), Seat.bot(settings.bot()));
        }
        this.shown = snapshot();
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
            try {
                task.run();
            } finally {
                dispatching = false;
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

    // ---- entry points for the network layer (any thread) ----

    /** A decoded message from a member's connection. */
    public void receive(Session session, ClientMessage message) {
        execute(() -> {
            handling = session;
            try {
                handle(session, message);
            } catch (Rejection r) {
                log.debug("{} rejected {}: {}", session, message.getClass().getSimpleName(), r.getMessage());
                Outbox.send(session, new ServerMessage.Error(r.code, r.getMessage(), refOf(message)));
            } finally {
                handling = null;
            }
        });
    }

    /** The connection closed, for whatever reason. */
    public void disconnected(Session session) {
        execute(() -> leave(session, false));
    }

    /** The connection's outbound buffer drained: catch it up if a broadcast was skipped. */
    public void writable(Session session) {
        execute(() -> {
            if (session.lagging && session.joined && session.channel.isWritable()) {
                session.lagging = false;
                Outbox.send(session, new ServerMessage.SnapshotMessage(snapshot()));
            }
        });
    }

    /** Completes when the room has been removed for standing empty. */
    public io.netty.util.concurrent.Future<Void> removed() {
        return removed;
    }

    /** A public summary for the HTTP status endpoint, computed on the room's loop. */
    public io.netty.util.concurrent.Future<Snapshot> status() {
        return loop.submit(this::snapshot);
    }

    // ---- the actor's handlers (room loop only) ----

    private void handle(Session session, ClientMessage message) {
        if (closed) {
            throw new Rejection(ErrorCode.UNKNOWN_ROOM, "room " + code + " has closed");
        }
        if (message instanceof ClientMessage.Join join) {
            join(session, join);
            return;
        }
        if (!session.joined) {
            throw new Rejection(ErrorCode.NOT_JOINED, "send join first");
        }
        switch (message) {
            case ClientMessage.Join ignored -> throw new IllegalStateException();
            case ClientMessage.Move move -> move(session, move);
            case ClientMessage.Undo ignored -> undo(session);
            case ClientMessage.UndoReply reply -> answerUndo(session, reply.accept());
            case ClientMessage.Resign ignored -> resign(session);
            case ClientMessage.Rematch ignored -> rematch(session);
            case ClientMessage.InviteBot invite -> inviteBot(session, invite);
            case ClientMessage.Sync sync -> sync(session, sync.lastVersion());
            case ClientMessage.History ignored -> Outbox.send(session, new ServerMessage.HistoryMessage(Snapshots.history(match)));
            case ClientMessage.Leave ignored -> {
                leave(session, true);
                Outbox.close(session.channel, CloseCodes.LEFT, "left the room");
            }
        }
    }

    private void join(Session session, ClientMessage.Join join) {
        if (session.joined) {
            throw new Rejection(ErrorCode.ALREADY_JOINED, "this connection has already joined");
        }
        if (join.protocol() != Protocol.VERSION) {
            throw new Rejection(ErrorCode.UNSUPPORTED_PROTOCOL,
                    "protocol " + join.protocol() + " is not spoken here; this server speaks " + Protocol.VERSION);
        }
        if (members.size() >= registry.config().maxMembersPerRoom()) {
            throw new Rejection(ErrorCode.ROOM_FULL, "room " + code + " has no room for more members");
        }
        if (join.token() != null) {
            rejoin(session, join.token());
            return;
        }
        String name = checkName(join.name());
        Mark free = join.spectate() ? null : freeSeat();
        if (free == null) {
            if (!settings.spectators()) {
                throw new Rejection(join.spectate() ? ErrorCode.SPECTATORS_DISABLED : ErrorCode.ROOM_FULL,
                        "both seats are taken and this room does not allow spectators");
            }
            spectators++;
            publish(new Event.SpectatorsChanged(spectators));
            admit(session, null, null);
            log.info("room {} spectator joined ({} watching)", code, spectators);
            return;
        }
        String token = registry.newToken();
        seats.put(free, Seat.person(name, token, session));
        boolean started = bothSeated() && startIfWaiting();
        publish(new Event.Joined(free.name(), name));
        admit(session, free, token);
        log.info("room {} seat {} taken by '{}'{}", code, free, name, started ? ", game " + match.game() + " starts" : "");
    }

    private void rejoin(Session session, String token) {
        Mark mark = seatWithToken(token);
        if (mark == null) {
            throw new Rejection(ErrorCode.NOT_A_PLAYER, "that seat token is not valid in room " + code);
        }
        Seat seat = seats.get(mark);
        Session previous = seat.session;
        if (previous != null) {
            // A newer connection for the same seat wins; the old one is told why it is closed.
            previous.seat = null;
            previous.joined = false;
            members.remove(previous);
            Outbox.close(previous.channel, CloseCodes.REPLACED, "replaced by a newer connection for seat " + mark);
        }
        seat.cancelGraceTimer();
        seat.session = session;
        if (previous == null) {
            publish(new Event.Reconnected(mark.name()));
        }
        admit(session, mark, token);
        log.info("room {} seat {} reconnected", code, mark);
    }

    private void admit(Session session, Mark seat, String token) {
        session.joined = true;
        session.seat = seat;
        members.add(session);
        cancelEmptyTimer();
        Outbox.send(session, new ServerMessage.Welcome(Protocol.VERSION, code, seat == null ? null : seat.name(), token, snapshot()));
        scheduleBot();
    }

    private void move(Session session, ClientMessage.Move move) {
        Mark mark = requirePlayer(session);
        Long applied = seats.get(mark).appliedVersion(move.id());
        if (applied != null) {
            Outbox.send(session, new ServerMessage.Ack(move.id(), applied));
            return;
        }
        match.checkMove(mark, move.cell());
        if (move.version() < boardVersion) {
            throw new Rejection(ErrorCode.STALE_VERSION, "the board changed at version " + boardVersion
                    + " after the version " + move.version() + " this move was made for; look again");
        }
        play(mark, move.cell(), move.id());
    }

    private void play(Mark mark, int cell, String id) {
        boolean over = match.play(mark, cell, id);
        seats.get(mark).applied(id, version + 1);
        boardVersion = version + 1;
        publish(new Event.Moved(mark.name(), cell, id));
        if (over) {
            logResult();
        }
        scheduleBot();
    }

    private void undo(Session session) {
        Mark mark = requirePlayer(session);
        Seat opponent = seats.get(mark.opponent());
        if (opponent != null && opponent.isBot()) {
            List<Integer> cleared = match.undo(mark);
            boardVersion = version + 1;
            publish(new Event.Undone(mark.name(), cleared));
            scheduleBot();
            return;
        }
        if (match.undoRequest() == mark) {
            throw new Rejection(ErrorCode.NO_PENDING_REQUEST, "your takeback request is already waiting for an answer");
        }
        match.requestUndo(mark);
        publish(new Event.UndoRequested(mark.name()));
    }

    private void answerUndo(Session session, boolean accept) {
        Mark mark = requirePlayer(session);
        List<Integer> cleared = match.answerUndo(mark, accept);
        if (accept) {
            boardVersion = version + 1;
            publish(new Event.Undone(mark.opponent().name(), cleared));
        } else {
            publish(new Event.UndoDeclined(mark.name()));
        }
    }

    private void resign(Session session) {
        Mark mark = requirePlayer(session);
        match.resign(mark);
        boardVersion = version + 1;
        publish(new Event.Resigned(mark.name()));
        logResult();
    }

    private void rematch(Session session) {
        Mark mark = requirePlayer(session);
        Seat opponent = seats.get(mark.opponent());
        if (opponent == null) {
            throw new Rejection(ErrorCode.NOT_YOUR_TURN, "the other seat is empty: wait for an opponent or invite the bot");
        }
        boolean started = match.offerRematch(mark, opponent.isBot());
        if (started) {
            newGame();
            publish(new Event.RematchStarted(match.game()));
            log.debug("room {} game {} starts, {} moves first", code, match.game(), match.first());
            scheduleBot();
        } else {
            publish(new Event.RematchOffered(mark.name()));
        }
    }

    private void inviteBot(Session session, ClientMessage.InviteBot invite) {
        requirePlayer(session);
        Level level;
        try {
            level = Level.parse(invite.level());
        } catch (IllegalArgumentException e) {
            throw new Rejection(ErrorCode.BAD_MESSAGE, "invite_bot.level: " + e.getMessage());
        }
        Mark seat = invite.seat() == null ? freeSeat() : Mark.valueOf(invite.seat());
        if (seat == null || seats.get(seat) != null) {
            throw new Rejection(ErrorCode.SEAT_TAKEN, "there is no empty seat for the bot");
        }
        seats.put(seat, Seat.bot(level));
        startIfWaiting();
        publish(new Event.BotJoined(seat.name(), level.name().toLowerCase(Locale.ROOT)));
        log.info("room {} seat {} taken by the {} bot", code, seat, level);
        scheduleBot();
    }

    private void sync(Session session, Long lastVersion) {
        if (lastVersion != null && lastVersion <= version && history.covers(lastVersion)) {
            for (long v = lastVersion + 1; v <= version; v++) {
                Outbox.write(session, history.get(v));
            }
            return;
        }
        Outbox.send(session, new ServerMessage.SnapshotMessage(snapshot()));
    }

    /** A member leaves: for good ({@code forGood}) or by dropping, when a seat is kept for a while. */
    private void leave(Session session, boolean forGood) {
        if (!session.joined) {
            return;
        }
        session.joined = false;
        members.remove(session);
        Mark mark = session.seat;
        session.seat = null;
        if (mark == null) {
            spectators--;
            publish(new Event.SpectatorsChanged(spectators));
        } else {
            Seat seat = seats.get(mark);
            seat.session = null;
            if (forGood) {
                freeSeat(mark);
            } else {
                publish(new Event.Disconnected(mark.name()));
                log.info("room {} seat {} dropped, kept for {}", code, mark, registry.config().seatGrace());
                seat.graceTimer = loop.schedule(() -> execute(() -> {
                    if (seats.get(mark) == seat && seat.session == null) {
                        freeSeat(mark);
                    }
                }), registry.config().seatGrace().toNanos(), TimeUnit.NANOSECONDS);
            }
        }
        if (members.isEmpty()) {
            startEmptyTimer();
        }
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
        seats.values().forEach(Seat::forgetMoves);
    }

    private void freeSeat(Mark mark) {
        Seat seat = seats.remove(mark);
        seat.cancelGraceTimer();
        boolean abandoned = match.abandon(mark);
        if (abandoned) {
            boardVersion = version + 1;
        }
        // One event per diff: the abandoned game is the bigger news; the empty seat shows in the snapshot.
        publish(abandoned ? new Event.GameOver(mark.opponent().name(), "abandoned") : new Event.Left(mark.name()));
        log.info("room {} seat {} freed{}", code, mark, abandoned ? ", game " + match.game() + " abandoned" : "");
    }

    // ---- the bot in a seat ----

    private void scheduleBot() {
        Mark turn = match.turn();
        Seat seat = turn == null ? null : seats.get(turn);
        if (seat == null || !seat.isBot() || closed) {
            return;
        }
        long forVersion = version;
        boolean queued = registry.bots().think(match.board(), seat.bot, seed ^ (forVersion * 0x9E3779B97F4A7C15L),
                move -> execute(() -> botMoved(turn, forVersion, move)));
        if (!queued) {
            log.warn("room {} bot queue full, retrying", code);
            loop.schedule(() -> execute(this::scheduleBot), 100, TimeUnit.MILLISECONDS);
        }
    }

    private void botMoved(Mark mark, long forVersion, BotMove move) {
        Seat seat = seats.get(mark);
        if (forVersion != version || seat == null || !seat.isBot() || closed) {
            log.debug("room {} dropped a bot move computed for version {} (now {})", code, forVersion, version);
            return;
        }
        try {
            match.checkMove(mark, move.cell());
            play(mark, move.cell(), "bot-" + (version + 1));
        } catch (Rejection r) {
            log.error("room {} bot {} proposed an illegal move {}: {}", code, mark, move, r.getMessage());
        }
    }

    // ---- state sync ----

    /** Bumps the version and sends every member the patch from the last state to this one. */
    private void publish(Event event) {
        version++;
        Snapshot now = snapshot();
        List<PatchOp> ops = SnapshotDiff.diff(shown, now);
        shown = now;
        byte[] encoded = MessageCodec.encodeToBytes(new ServerMessage.Diff(version, ops, event));
        history.add(version, encoded);
        Outbox.broadcast(members, encoded, handling);
    }

    Snapshot snapshot() {
        return Snapshots.of(this.code, version, settings, match, seats, spectators);
    }

    // ---- lifecycle ----

    private void startEmptyTimer() {
        cancelEmptyTimer();
        emptyTimer = loop.schedule(() -> execute(() -> {
            if (members.isEmpty() && !closed) {
                closed = true;
                seats.values().forEach(Seat::cancelGraceTimer);
                registry.remove(this);
                removed.setSuccess(null);
                log.info("room {} removed after {} with nobody connected", code, registry.config().emptyRoomTtl());
            }
        }), registry.config().emptyRoomTtl().toNanos(), TimeUnit.NANOSECONDS);
    }

    private void cancelEmptyTimer() {
        if (emptyTimer != null) {
            emptyTimer.cancel(false);
            emptyTimer = null;
        }
    }

    /** Called once by the registry after creation: nobody is here yet. */
    void created() {
        execute(this::startEmptyTimer);
    }

    /** Server shutdown: tell every member and stop. */
    void shutdown() {
        execute(() -> {
            closed = true;
            for (Session member : List.copyOf(members)) {
                Outbox.close(member.channel, CloseCodes.GOING_AWAY, "server shutting down");
            }
            seats.values().forEach(Seat::cancelGraceTimer);
            cancelEmptyTimer();
        });
    }

    int memberCount() {
        return members.size();
    }

    // ---- helpers ----

    private Mark requirePlayer(Session session) {
        if (session.seat == null) {
            throw new Rejection(ErrorCode.NOT_A_PLAYER, "spectators cannot play; join with a free seat to play");
        }
        return session.seat;
    }

    private String checkName(String name) {
        int max = registry.config().maxNameLength();
        String trimmed = name == null ? "" : name.strip();
        if (trimmed.isEmpty() || trimmed.length() > max || trimmed.chars().anyMatch(Character::isISOControl)) {
            throw new Rejection(ErrorCode.NAME_INVALID, "a name is 1 to " + max + " printable characters");
        }
        return trimmed;
    }

    private Mark freeSeat() {
        Mark preferred = settings.creatorSeat();
        if (!seats.containsKey(preferred)) {
            return preferred;
        }
        return seats.containsKey(preferred.opponent()) ? null : preferred.opponent();
    }

    private boolean bothSeated() {
        return seats.size() == 2;
    }

    private Mark seatWithToken(String token) {
        for (var entry : seats.entrySet()) {
            if (token.equals(entry.getValue().token)) {
                return entry.getKey();
            }
        }
        return null;
    }

    private void logResult() {
        Match.Result r = match.result();
        log.info("room {} game {} over: {} ({}), score X {} O {} draws {}", code, match.game(),
                r.winner() == null ? "draw" : r.winner() + " wins", r.reason(),
                match.wins(Mark.X), match.wins(Mark.O), match.draws());
    }

    private static String refOf(ClientMessage message) {
        return message instanceof ClientMessage.Move move ? move.id() : null;
    }
}
