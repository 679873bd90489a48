package dev.tictactoe.server.net;

import io.netty.bootstrap.AbstractBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

/** A listening address the server could not take: in use, not local, or not permitted. */
public final class PortUnavailable extends RuntimeException {

    private PortUnavailable(String host, int port, Throwable cause) {
        super("cannot listen on " + host + ":" + port + ": " + cause.getMessage(), cause);
    }

    /** Binds {@code bootstrap} to {@code host:port}, or says in one line why it cannot. */
    public static Channel bind(AbstractBootstrap<?, ?> bootstrap, String host, int port) {
        ChannelFuture bound = bootstrap.bind(host, port).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            throw new PortUnavailable(host, port, bound.cause());
        }
        return bound.channel();
    }
}
