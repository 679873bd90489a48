package dev.tictactoe.server.room;

import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.store.Store;

import io.netty.channel.EventLoopGroup;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** The live rooms by code; each room is pinned to one event loop of the worker group. */
public final class RoomRegistry {

    private static final Logger log = LoggerFactory.getLogger(RoomRegistry.class);

    /** Thrown when the server already holds as many rooms as it may. */
    public static final class Full extends Exception {
        public Full(String message) {
            super(message, null, false, false);
        }
    }

    private final RegistrySettings config;
    private final @Nullable Character node;
    private final EventLoopGroup loops;
    private final RoomContext context;
    private final ConcurrentHashMap<String, Room> rooms = new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();

    /** Rooms created since the start: the n-th gets the n-th seed fixed by {@code --bot-seed}. */
    private final AtomicLong created = new AtomicLong();

    private final SecureRandom random = new SecureRandom();
    private final RoomCode codes = new RoomCode(random);

    public RegistrySettings settings() {
        return config;
    }

    /** Rooms whose codes start with {@code node} (null: any character). */
    public RoomRegistry(
            RegistrySettings config,
            @Nullable Character node,
            EventLoopGroup loops,
            BotRunner bots,
            ServerMetrics metrics,
            RoomJournal journal) {
        this.config = config;
        this.node = node;
        this.loops = loops;
        this.context =
                new RoomContext(
                        config,
                        bots,
                        this::newToken,
                        System::currentTimeMillis,
                        this::remove,
                        System::nanoTime,
                        metrics,
                        journal);
    }

    public void restore(byte[] checkpoint, List<Store.Command> changes) {
        Room room = RoomState.fromJson(checkpoint).rebuild(changes, loops.next(), context);
        if (rooms.putIfAbsent(room.code(), room) == null) {
            count.incrementAndGet();
        }
        log.info(
                "room {} recovered at version {}, game {}",
                room.code(),
                room.core.version,
                room.core.match.game);
        room.resume();
    }

    /** Seats in {@code reserved} are held for players promised them; a null seed: --bot-seed's. */
    public Room create(
            RoomSettings settings, @Nullable Long botSeed, Map<Seat, Reservation> reserved)
            throws Full {
        if (count.incrementAndGet() > config.maxRooms()) {
            count.decrementAndGet();
            throw new Full("the server holds its maximum of " + config.maxRooms() + " rooms");
        }
        long seed = botSeed != null ? botSeed : serverSeed();
        while (true) {
            String code = codes.next();
            code = node == null ? code : node + code.substring(1);
            Room room = new Room(code, settings, loops.next(), seed, context);
            // Before the room is shared: nobody who guessed the code can take a promised seat.
            room.core.reserve(reserved);
            if (rooms.putIfAbsent(code, room) == null) {
                log.info(
                        "room {} created: {}x{} k={}, {}, {} first{}{}",
                        code,
                        settings.rules().size(),
                        settings.rules().size(),
                        settings.rules().winLength(),
                        reserved.isEmpty()
                                ? "creator " + settings.creatorSeat()
                                : "seats held for " + reserved.keySet(),
                        settings.first(),
                        settings.bot() == null ? "" : ", bot " + settings.bot(),
                        settings.clock() == null ? "" : ", clock " + settings.clock());
                room.created();
                context.metrics().roomCreated();
                return room;
            }
        }
    }

    /** The n-th of {@code --bot-seed}'s sequence, so the same creations replay; else random. */
    private long serverSeed() {
        Long base = config.botSeed();
        if (base == null) {
            return random.nextLong();
        }
        // Starts stepped by 2^64 over the golden ratio (odd): distinct, well-mixed seeds.
        return new SplittableRandom(base + created.getAndIncrement() * 0x9E3779B97F4A7C15L)
                .nextLong();
    }

    /** The live room for a code as typed (case and look-alikes forgiven). */
    public Optional<Room> find(String typedCode) {
        return RoomCode.normalize(typedCode).map(rooms::get);
    }

    void remove(Room room) {
        if (rooms.remove(room.code(), room)) {
            count.decrementAndGet();
            context.metrics().roomRemoved();
        }
    }

    public int size() {
        return rooms.size();
    }

    public Collection<Room> rooms() {
        return rooms.values();
    }

    /** A secret seat token: 128 random bits, URL-safe. */
    public String newToken() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    public void shutdown() {
        rooms.values().forEach(Room::shutdown);
    }
}
