package dev.tictactoe.server.net;

import dev.tictactoe.server.bot.Analysis;
import dev.tictactoe.server.cluster.ClusterSettings;
import dev.tictactoe.server.lobby.MatchSettings;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.metrics.Level;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.RegistrySettings;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.store.Store;
import dev.tictactoe.server.store.StoreSettings;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroupFuture;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** The running server: binds the port, owns the event loops, rooms, quick match and bots. */
public final class GameServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(GameServer.class);

    /** Over the high mark broadcasts skip a connection until it drains (then a snapshot). */
    static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(32 * 1024, 64 * 1024);

    private final NetSettings config;
    private final Transport transport;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ServerMetrics metrics = new ServerMetrics();
    private final BotRunner bots;
    private final @Nullable Store store;
    private final RoomRegistry registry;
    private final Matchmaker matchmaker;
    private final ServerState state = new ServerState();
    private final GameAnalyses analyses = new GameAnalyses(Analysis.DEFAULT_NODES);
    private final Channel listener;
    private final ProbeReplies probes;
    private final List<Channel> others = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** 0 means one per core, not Netty's two: a room and its players share a loop more often. */
    static int workerLoops(int configured) {
        return configured > 0 ? configured : Runtime.getRuntime().availableProcessors();
    }

    /** Binds and starts serving; returns once the port is open. */
    public GameServer(
            NetSettings config,
            RegistrySettings rooms,
            StoreSettings storeSettings,
            MatchSettings match,
            ClusterSettings cluster) {
        this.config = config;
        transport = Transport.choose(config.transport());
        boss = new MultiThreadIoEventLoopGroup(1, transport.handlers());
        workers =
                new MultiThreadIoEventLoopGroup(
                        workerLoops(config.workerThreads()), transport.handlers());
        bots =
                new BotRunner(
                        rooms.botThreads(), rooms.botQueue(), rooms.botBudget(), rooms.botNodes());
        metrics.watch(Level.BOT_QUEUE, bots::queued);
        metrics.watchEventLoops(workers);
        metrics.watch(Level.CHANNELS, state.channels::size);
        metrics.watch(Level.PENDING, () -> state.pendingOutbound().getSum());
        // With no connection the maximum is Long.MIN_VALUE.
        metrics.watch(Level.PENDING_MOST, () -> Math.max(0, state.pendingOutbound().getMax()));
        Store opened = null;
        Matchmaker joined = null;
        try {
            if (storeSettings.dataDir() != null) {
                opened = StoredRooms.open(storeSettings, cluster.node());
                opened.meterWith(metrics);
                metrics.watch(Level.JOURNAL_QUEUE, opened::queued);
            }
            RoomJournal journal = opened == null ? RoomJournal.NONE : new StoredRooms(opened);
            registry = new RoomRegistry(rooms, cluster.node(), workers, bots, metrics, journal);
            metrics.watch(Level.ROOMS, registry::size);
            // Seats of a pairing are drawn from a generator seeded once from the system's entropy.
            var seats = new SecureRandom();
            joined = MatchApi.matchmaker(match, cluster, registry, metrics, workers.next(), seats);
            var initializer =
                    new ServerInitializer(
                            config, state, metrics, registry, joined, opened, analyses);
            probes = initializer.endpoints().probes();
            if (opened != null) {
                StoredRooms.recover(opened, registry);
            }
            ServerBootstrap bootstrap =
                    new ServerBootstrap()
                            .group(boss, workers)
                            .channel(transport.serverChannel())
                            .option(ChannelOption.SO_BACKLOG, 1024)
                            .childOption(ChannelOption.TCP_NODELAY, true)
                            .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                            .childHandler(initializer);
            OutboundLimit.boundSendBuffers(bootstrap, transport);
            listener = PortUnavailable.bind(bootstrap, config.host(), config.port());
        } catch (RuntimeException e) {
            if (joined != null) {
                joined.close();
            }
            bots.close();
            shutdownGroups();
            closeStore(opened);
            metrics.close();
            throw e;
        }
        store = opened;
        matchmaker = joined;
        state.started();
        KernelQueues kernel = new KernelQueues(port());
        metrics.watch(Level.WAITING, () -> state.pendingOutbound().getSum() + kernel.latest());
        long maxFiles = NetSettings.maxFiles();
        log.info(
                "listening on {}:{} ({}); takes {} connections at once (open-file limit {})",
                config.host(),
                port(),
                transport,
                config.connectionCap(maxFiles),
                maxFiles > 0 ? maxFiles : "unknown");
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Listens on {@code host:port} too, on this server's loops, until it stops: the admin port. */
    public int listen(ChannelHandler children, String host, int port) {
        var bootstrap =
                new ServerBootstrap().group(boss, workers).channel(transport.serverChannel());
        Channel bound = PortUnavailable.bind(bootstrap.childHandler(children), host, port);
        others.add(bound);
        return ((InetSocketAddress) bound.localAddress()).getPort();
    }

    /** The ports {@link #listen} bound, in order. */
    public List<Integer> otherPorts() {
        return others.stream()
                .map(channel -> ((InetSocketAddress) channel.localAddress()).getPort())
                .toList();
    }

    public ProbeReplies probes() {
        return probes;
    }

    public RoomRegistry rooms() {
        return registry;
    }

    public Matchmaker matchmaker() {
        return matchmaker;
    }

    /** Drains (close 1001 to every socket, up to the drain timeout), then stops; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        long started = System.nanoTime();
        state.draining();
        listener.close().awaitUninterruptibly();
        // Waiting quick-match requests hear 503 before their connections are closed below.
        matchmaker.close();
        int open = state.channels.size();
        ChannelGroupFuture allClosed = state.channels.newCloseFuture();
        for (Channel channel : state.channels) {
            channel.pipeline().fireUserEventTriggered(ServerState.Event.DRAIN);
        }
        if (!allClosed.awaitUninterruptibly(config.drainTimeout().toMillis())) {
            log.info(
                    "drain timeout: closing {} connections that did not answer",
                    state.channels.size());
            state.channels.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
        others.forEach(other -> other.close().awaitUninterruptibly());
        registry.shutdown();
        bots.close();
        analyses.close();
        shutdownGroups();
        // After the loops: the rooms' last changes (players dropping) are in the journal's queue.
        closeStore(store);
        metrics.close();
        log.info(
                "stopped; drained {} connections in {} ms",
                open,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    private static void closeStore(@Nullable Store store) {
        if (store == null) {
            return;
        }
        try {
            store.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void shutdownGroups() {
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        workers.shutdownGracefully(100, 2_000, TimeUnit.MILLISECONDS).awaitUninterruptibly();
    }
}
