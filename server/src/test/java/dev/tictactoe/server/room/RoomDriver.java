package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.store.Store;

import io.netty.channel.embedded.EmbeddedChannel;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A room on Netty's embedded event loop with time frozen: tasks run when the test says so, time
 * moves only by {@link #advance}, and bot searches wait in a queue until {@link #runBots}.
 */
final class RoomDriver implements AutoCloseable {

    static final RegistrySettings LIMITS =
            new RegistrySettings(
                    RegistrySettings.DEFAULT_MAX_ROOMS,
                    8,
                    32,
                    Duration.ofSeconds(60),
                    Duration.ofMinutes(5),
                    RegistrySettings.DEFAULT_IDLE_CLAIM,
                    16,
                    1,
                    RegistrySettings.DEFAULT_BOT_QUEUE,
                    RegistrySettings.DEFAULT_BOT_BUDGET,
                    null,
                    null);
    static final long START_MILLIS = 1_800_000_000_000L;

    /** Classic 3×3, creator plays X and starts, early draws on, spectators welcome, no bot. */
    static RoomSettings classic() {
        return RoomSettings.resolve(NewRoom.DEFAULT, new SplittableRandom(1));
    }

    final EmbeddedChannel loopChannel = new EmbeddedChannel();
    final ArrayDeque<Runnable> botQueue = new ArrayDeque<>();
    final List<Room> removed = new ArrayList<>();

    /** The room; {@link #restart} replaces it with one rebuilt from its last checkpoint. */
    Room room;

    final Journal journal;
    final BotRunner bots;
    final ServerMetrics metrics = new ServerMetrics();
    long nowMillis = START_MILLIS;

    /** The room's monotonic clock, moved with {@link #nowMillis}. */
    long nowNanos = 1_000_000_000L;

    private int tokens;

    /** Bot searches the queue accepts before it reports itself full. */
    int botQueueCapacity = Integer.MAX_VALUE;

    RoomDriver(RoomSettings settings) {
        this(settings, LIMITS, 42L, BotRunner.BOT);
    }

    RoomDriver(RoomSettings settings, BotRunner.Search search) {
        this(settings, LIMITS, 42L, search);
    }

    RoomDriver(
            RoomSettings settings, RegistrySettings limits, long botSeed, BotRunner.Search search) {
        this(settings, limits, botSeed, search, Map.of(), false);
    }

    /**
     * A room whose journal, as under {@code fsync}, has it hold what it sends until {@link
     * Journal#durable} says the change is on disk.
     */
    static RoomDriver holdingUntilDurable(RoomSettings settings) {
        return new RoomDriver(settings, LIMITS, 42L, BotRunner.BOT, Map.of(), true);
    }

    /**
     * A room whose seats in {@code reserved} are held for players promised them, as a quick match
     * opens it.
     */
    RoomDriver(RoomSettings settings, Map<Seat, Reservation> reserved) {
        this(settings, LIMITS, 42L, BotRunner.BOT, reserved, false);
    }

    private RoomDriver(
            RoomSettings settings,
            RegistrySettings limits,
            long botSeed,
            BotRunner.Search search,
            Map<Seat, Reservation> reserved,
            boolean holding) {
        journal = new Journal(holding);
        loopChannel.freezeTime();
        bots =
                new BotRunner(
                        task -> {
                            if (botQueue.size() >= botQueueCapacity) {
                                throw new java.util.concurrent.RejectedExecutionException("full");
                            }
                            botQueue.add(task);
                        },
                        Duration.ofMillis(50),
                        search);
        RoomContext context =
                new RoomContext(
                        limits,
                        bots,
                        () -> "token-" + ++tokens,
                        () -> nowMillis,
                        removed::add,
                        () -> nowNanos,
                        metrics,
                        journal);
        room = new Room("K7MQ2P", settings, loopChannel.eventLoop(), botSeed, context);
        room.core.reserve(reserved);
        room.created();
        runTasks();
    }

    /**
     * What the room wrote down, in order, as a journal that takes everything (checkpoints encoded
     * at once, as the writer thread would) or, while {@link #refusing}, refuses everything.
     */
    static final class Journal implements RoomJournal {

        /** One record: a change of {@code kind}, or a checkpoint ({@code kind} null). */
        record Entry(long version, Class<? extends Change> kind, byte[] payload) {}

        final List<Entry> entries = new ArrayList<>();
        final Map<Integer, String> games = new LinkedHashMap<>();
        final List<String> closed = new ArrayList<>();
        int checkpointEvery = DEFAULT_CHECKPOINT_EVERY;
        boolean archivesGames;
        boolean refusing;
        int refused;

        /** Whether the room holds what it sends until {@link #durable}. */
        final boolean holding;

        /** The room's listener for changes on disk, once it has written one. */
        java.util.function.LongConsumer onDurable;

        Journal(boolean holding) {
            this.holding = holding;
        }

        @Override
        public boolean holdsUntilDurable() {
            return holding;
        }

        /** Says that every change up to {@code version} is on disk, as the store's writer does. */
        void durable(long version) {
            onDurable.accept(version);
        }

        /** Runs after each change taken, while the room is still making it. */
        Runnable afterChange = () -> {};

        /** What the archive answers a {@code history} request with; null: no archive. */
        CompletableFuture<List<GameRecord>> archive;

        @Override
        public boolean change(
                String code,
                long version,
                byte[] payload,
                java.util.function.LongConsumer onDurable) {
            this.onDurable = onDurable;
            boolean taken =
                    add(
                            new Entry(
                                    version,
                                    Change.Entry.read(payload).change().getClass(),
                                    payload));
            if (taken) {
                afterChange.run();
            }
            return taken;
        }

        @Override
        public boolean checkpoint(String code, long version, byte[] state) {
            return add(new Entry(version, null, state));
        }

        private boolean add(Entry entry) {
            if (refusing) {
                refused++;
                return false;
            }
            entries.add(entry);
            return true;
        }

        @Override
        public void gameFinished(String code, int game, Supplier<byte[]> json) {
            games.put(game, new String(json.get(), java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        public void closed(String code, long version) {
            closed.add(code + "@" + version);
        }

        @Override
        public int checkpointEvery() {
            return checkpointEvery;
        }

        @Override
        public boolean archivesGames() {
            return archivesGames;
        }

        @Override
        public CompletableFuture<List<GameRecord>> history(String room, int count) {
            return archive;
        }

        /** The versions of the changes written, in order. */
        List<Long> changeVersions() {
            return entries.stream().filter(e -> e.kind() != null).map(Entry::version).toList();
        }

        /** The versions of the checkpoints written, in order. */
        List<Long> checkpointVersions() {
            return entries.stream().filter(e -> e.kind() == null).map(Entry::version).toList();
        }
    }

    /**
     * As a server restart would: the room is rebuilt on the same loop from its newest checkpoint
     * and the changes after it, the old one forgotten along with its connections.
     */
    void restart() {
        restart(journal.entries.size(), Duration.ZERO);
    }

    /**
     * The room as the first {@code records} records rebuild it, not yet live: what a restart would
     * make of them before the rules run on the downtime.
     */
    Room rebuilt(int records) {
        List<Journal.Entry> kept = journal.entries.subList(0, records);
        int base = records - 1;
        while (kept.get(base).kind() != null) {
            base--;
        }
        List<Store.Command> changes =
                kept.subList(base + 1, records).stream()
                        .map(e -> new Store.Command(room.code(), e.version(), e.payload()))
                        .toList();
        return RoomState.fromJson(kept.get(base).payload())
                .rebuild(changes, loopChannel.eventLoop(), room.context);
    }

    /**
     * A restart after {@code down} of downtime (both clocks move on, nothing of the old room runs),
     * from the first {@code records} records only, as if the process had died after writing them.
     */
    void restart(int records, Duration down) {
        Room old = room;
        old.stop();
        nowMillis += down.toMillis();
        nowNanos += down.toNanos();
        loopChannel.advanceTimeBy(down.toNanos(), TimeUnit.NANOSECONDS);
        room = rebuilt(records);
        journal.entries.subList(records, journal.entries.size()).clear();
        room.resume();
        loopChannel.runScheduledPendingTasks();
        runTasks();
    }

    /** A new connection to the room, not yet joined. */
    Client connect() {
        return new Client(this);
    }

    /** A connection that joined as a player or spectator named {@code name}. */
    Client join(String name) {
        Client client = connect();
        client.send(new ClientMessage.Join(Protocol.VERSION, name, null, false, null));
        client.lastOf(ServerMessage.Welcome.class);
        return client;
    }

    void runTasks() {
        loopChannel.runPendingTasks();
    }

    /** Moves the clock forward and runs whatever became due. */
    void advance(Duration by) {
        nowMillis += by.toMillis();
        nowNanos += by.toNanos();
        loopChannel.advanceTimeBy(by.toNanos(), TimeUnit.NANOSECONDS);
        loopChannel.runScheduledPendingTasks();
        runTasks();
    }

    /** Runs every queued bot search, and any they queue in turn, handing the moves to the room. */
    int runBots() {
        int ran = 0;
        while (!botQueue.isEmpty()) {
            botQueue.poll().run();
            ran++;
            runTasks();
        }
        return ran;
    }

    /** The room's snapshot, read on its loop. */
    Snapshot snapshot() {
        return room.feed.snapshot();
    }

    @Override
    public void close() {
        loopChannel.finishAndReleaseAll();
    }
}
