package dev.tictactoe.server.net;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.RoomRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The running server: binds the port, owns the event loops, the rooms and the bot pool. */
public final class GameServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(GameServer.class);

    /** A slow reader gets this much buffered before broadcasts to it are skipped for a snapshot later. */
    static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(32 * 1024, 64 * 1024);

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final BotRunner bots;
    private final RoomRegistry registry;
    private final Channel listener;

    private GameServer(ServerConfig config) throws InterruptedException {
        boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        workers = new MultiThreadIoEventLoopGroup(config.workerThreads(), NioIoHandler.newFactory());
        bots = new BotRunner(config.botThreads(), config.botQueue(), config.botBudget());
        registry = new RoomRegistry(config, workers, bots);
        HttpRouter router = new HttpRouter(registry, config, new ServerStats());
        try {
            listener = new ServerBootstrap()
                    .group(boss, workers)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                    .childHandler(new ServerInitializer(router))
                    .bind(config.host(), config.port())
                    .sync()
                    .channel();
        } catch (RuntimeException | InterruptedException e) {
            shutdownGroups();
            throw e;
        }
        long maxFiles = ProcessStats.maxFiles();
        log.info("listening on {}:{}; open-file limit {} allows about {} connections", config.host(), port(), maxFiles,
                maxFiles > 0 ? Math.max(0, maxFiles - 100) : "unknown");
    }

    /** Binds and starts serving; returns once the port is open. */
    public static GameServer start(ServerConfig config) {
        try {
            return new GameServer(config);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding", e);
        }
    }

    /** The bound port (useful with port 0). */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    public RoomRegistry rooms() {
        return registry;
    }

    /** Stops accepting, tells every member the server is going away, and stops the loops. */
    @Override
    public void close() {
        listener.close().awaitUninterruptibly();
        registry.shutdown();
        bots.close();
        shutdownGroups();
        log.info("stopped");
    }

    private void shutdownGroups() {
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        workers.shutdownGracefully(100, 2_000, TimeUnit.MILLISECONDS).awaitUninterruptibly();
    }
}
