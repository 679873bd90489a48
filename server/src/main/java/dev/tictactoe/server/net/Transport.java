package dev.tictactoe.server.net;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;

import java.util.Locale;

/** The socket transport: Linux's native epoll where its library loads, Java's NIO elsewhere. */
public enum Transport {
    EPOLL,
    NIO;

    /** {@code auto}, {@code epoll} or {@code nio}; epoll when it cannot load is refused. */
    public static Transport choose(String wanted) {
        return switch (wanted.toLowerCase(Locale.ROOT)) {
            case "auto" -> Epoll.isAvailable() ? EPOLL : NIO;
            case "nio" -> NIO;
            case "epoll" -> {
                if (!Epoll.isAvailable()) {
                    throw new IllegalArgumentException(
                            "transport epoll is not available here: "
                                    + Epoll.unavailabilityCause());
                }
                yield EPOLL;
            }
            default ->
                    throw new IllegalArgumentException(
                            "transport must be auto, epoll or nio, not " + wanted);
        };
    }

    public IoHandlerFactory handlers() {
        return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    public Class<? extends ServerChannel> serverChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
