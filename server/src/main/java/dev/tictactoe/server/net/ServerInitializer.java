package dev.tictactoe.server.net;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;

/**
 * The pipeline of a new connection, top to bottom: HTTP codec, a small aggregator, then the
 * router, which answers API requests or swaps itself for the WebSocket handlers on upgrade
 * (idle detection, handshake and frame limits, fragment aggregation, the session).
 */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {

    /** API request bodies are small JSON objects. */
    static final int MAX_HTTP_BODY_BYTES = 16 * 1024;

    private final HttpRouter router;

    ServerInitializer(HttpRouter router) {
        this.router = router;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        channel.pipeline()
                .addLast("http", new HttpServerCodec())
                .addLast("aggregator", new HttpObjectAggregator(MAX_HTTP_BODY_BYTES))
                .addLast("router", router);
    }
}
