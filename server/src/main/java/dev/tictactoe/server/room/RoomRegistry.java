package dev.tictactoe.server.room;

import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.ServerConfig;
import io.netty.channel.EventLoopGroup;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import dev.tictactoe.server.metrics.ServerMetrics;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The live rooms by code; each room is pinned to one event loop of the worker group. */
public final class RoomRegistry {

    private static final Logger log = LoggerFactory.getLogger(RoomRegistry.class);

    /** Thrown when the server already holds as many rooms as it may. */
    public static final class Full extends Exception {
        Full(String message) {
            super(message, null, false, false);
        }
    }

    private final ServerConfig config;
    private final EventLoopGroup loops;
    private final RoomContext context;
    private final ConcurrentHashMap<String, Room> rooms = new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();
    private final SecureRandom random = new SecureRandom();
    private final RoomCode codes = new RoomCode(random);

    public RoomRegistry(ServerConfig config, EventLoopGroup loops, BotRunner bots) {
        this(config, loops, bots, ServerMetrics.create(), RoomJournal.NONE);
    }

    /** Rooms that count into {@code metrics} and write their changes to {@code journal}. */
    public RoomRegistry(ServerConfig config, EventLoopGroup loops, BotRunner bots, ServerMetrics metrics,
            RoomJournal journal) {
        this.config = config;
        this.loops = loops;
        this.context = new RoomContext(RoomLimits.of(config), bots, this::newToken, System::currentTimeMillis,
                this::remove, System::nanoTime, metrics, journal);
    }

    /**
     * Rebuilds a room from its newest checkpoint (see {@link RoomJournal#checkpoint}) and the
     * changes written after it: same code, version, snapshot, seat tokens and recent diffs, nobody
     * connected; then the rules run on the downtime (see {@link Replay}).
     */
    public Room restore(byte[] checkpoint, List<RoomJournal.Recorded> changes) {
        Room room = Replay.rebuild(RoomState.fromJson(checkpoint), changes, loops.next(), context);
        if (rooms.putIfAbsent(room.code(), room) == null) {
            count.incrementAndGet();
        }
        log.info("room {} recovered at version {}, game {}", room.code(), room.feed.version(), room.match.game());
        Replay.resume(room);
        return room;
    }

    /** Creates a room with a fresh code unique among live rooms. */
    public Room create(RoomSettings settings) throws Full {
        if (count.incrementAndGet() > config.maxRooms()) {
            count.decrementAndGet();
            throw new Full("the server holds its maximum of " + config.maxRooms() + " rooms");
        }
        while (true) {
            String code = codes.next();
            Room room = new Room(code, settings, loops.next(), random.nextLong(), context);
            if (rooms.putIfAbsent(code, room) == null) {
                log.info("room {} created: {}x{} k={}, creator {}, {} first{}", code, settings.rules().size(),
                        settings.rules().size(), settings.rules().winLength(), settings.creatorSeat(), settings.first(),
                        settings.bot() == null ? "" : ", bot " + settings.bot());
                room.created();
                return room;
            }
        }
    }

    /** The live room for a code as typed (case and look-alikes forgiven). */
    public Optional<Room> find(String typedCode) {
        return RoomCode.normalize(typedCode).map(rooms::get);
    }

    void remove(Room room) {
        if (rooms.remove(room.code(), room)) {
            count.decrementAndGet();
        }
    }

    public int size() {
        return rooms.size();
    }

    public Collection<Room> rooms() {
        return rooms.values();
    }

    /** A secret seat token: 128 random bits, URL-safe. */
    private String newToken() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Closes every room's connections. */
    public void shutdown() {
        rooms.values().forEach(Room::shutdown);
    }
}
