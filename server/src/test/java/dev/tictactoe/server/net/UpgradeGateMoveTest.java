package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

@Timeout(30)
class UpgradeGateMoveTest {

    private final MultiThreadIoEventLoopGroup group =
            new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    private final MultiThreadIoEventLoopGroup other =
            new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        other.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void aConnectionMovesToAnotherLoopOfItsGroupAndKeepsServing() throws Exception {
        CompletableFuture<Channel> accepted = new CompletableFuture<>();
        Channel server = listen(accepted, true);
        try (Socket client = new Socket()) {
            client.connect(server.localAddress());
            Channel channel = accepted.get(10, TimeUnit.SECONDS);
            EventLoop from = channel.eventLoop();
            EventLoop home = next(group, from);
            assertThat(UpgradeGate.needsMove(channel, home)).isTrue();
            assertThat(UpgradeGate.needsMove(channel, from)).isFalse();
            assertThat(UpgradeGate.needsMove(channel, other.next())).isFalse();

            CountDownLatch moved = new CountDownLatch(1);
            AtomicReference<EventLoop> ranOn = new AtomicReference<>();
            AtomicReference<EventLoop> watchedOn = new AtomicReference<>();
            from.execute(
                    () ->
                            UpgradeGate.move(
                                    channel,
                                    home,
                                    loop -> {
                                        watchedOn.set(loop);
                                        return new Watch();
                                    },
                                    () -> {
                                        ranOn.set(home.inEventLoop() ? home : channel.eventLoop());
                                        moved.countDown();
                                    },
                                    () -> {}));
            assertThat(moved.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(channel.eventLoop()).isSameAs(home);
            assertThat(ranOn.get()).isSameAs(home);
            assertThat(watchedOn.get()).isSameAs(home);
            assertThat(channel.pipeline().first()).isInstanceOf(Watch.class);

            // Reads resumed: what the client sends comes back, read and written on the new loop.
            OutputStream out = client.getOutputStream();
            out.write(new byte[] {1, 2, 3});
            out.flush();
            InputStream in = client.getInputStream();
            assertThat(in.readNBytes(3)).containsExactly(1, 2, 3);
        } finally {
            server.close().sync();
        }
    }

    @Test
    void aConnectionGoneBeforeItsMoveRunsTheFailureAndStaysClosed() throws Exception {
        CompletableFuture<Channel> accepted = new CompletableFuture<>();
        Channel server = listen(accepted, false);
        try (Socket client = new Socket()) {
            client.connect(server.localAddress());
            Channel channel = accepted.get(10, TimeUnit.SECONDS);
            channel.close().sync();
            CountDownLatch failed = new CountDownLatch(1);
            EventLoop home = next(group, channel.eventLoop());
            channel.eventLoop()
                    .execute(
                            () ->
                                    UpgradeGate.move(
                                            channel,
                                            home,
                                            loop -> new Watch(),
                                            () -> {},
                                            failed::countDown));
            assertThat(failed.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(channel.isOpen()).isFalse();
        } finally {
            server.close().sync();
        }
    }

    /**
     * A listener on a free loopback port; {@code echo} gives each connection a watch and an echo.
     */
    private Channel listen(CompletableFuture<Channel> accepted, boolean echo)
            throws InterruptedException {
        return new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(
                        new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                if (echo) {
                                    ch.pipeline()
                                            .addLast(IdleSweep.WATCH, new Watch())
                                            .addLast(new Echo());
                                }
                                accepted.complete(ch);
                            }
                        })
                .bind(new InetSocketAddress("127.0.0.1", 0))
                .sync()
                .channel();
    }

    private static EventLoop next(MultiThreadIoEventLoopGroup group, EventLoop not) {
        EventLoop loop = group.next();
        while (loop == not) {
            loop = group.next();
        }
        return loop;
    }

    /** Stands in for the idle sweep's watch. */
    private static final class Watch extends ChannelInboundHandlerAdapter {}

    private static final class Echo extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ctx.writeAndFlush((ByteBuf) msg);
        }
    }
}
