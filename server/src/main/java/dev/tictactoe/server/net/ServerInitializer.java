package dev.tictactoe.server.net;

import dev.tictactoe.server.ServerConfig;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.TooLongHttpContentException;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole pipeline of a connection, top to bottom. Until an upgrade, requests stop at the request
 * handler, which answers them; a valid upgrade goes on to the WebSocket handshake, the request
 * handler leaves, and from then on frames flow to the session.
 */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {

    /** API request bodies are small JSON objects. */
    static final int MAX_HTTP_BODY_BYTES = 16 * 1024;

    /** The longest request line (method, target, version) read; a longer one is answered 414. */
    static final int MAX_REQUEST_LINE_BYTES = 4096;

    /** The most header bytes a request may carry; more is answered 431. */
    static final int MAX_HEADER_BYTES = 8192;

    /** How long a client may take to finish the WebSocket handshake once routed. */
    static final long HANDSHAKE_TIMEOUT_MILLIS = 10_000;

    /** The log limiter's key for refusals at the cap: once a minute, like a client's lines. */
    private static final String CAP_LOG_KEY = "connection cap";

    private static final Logger log = LoggerFactory.getLogger(ServerInitializer.class);

    private final Services services;
    private final WebSocketServerProtocolConfig webSocket;
    private final HttpCounter httpCounter;

    /** Connections taken at once ({@link ServerConfig#connectionCap}). */
    private final int connectionCap;

    ServerInitializer(Services services) {
        this.services = services;
        this.httpCounter = new HttpCounter(services.metrics());
        ServerConfig config = services.config();
        this.connectionCap = config.connectionCap(FileLimit.maxFiles());
        this.webSocket =
                WebSocketServerProtocolConfig.newBuilder()
                        // The request handler has already routed the URL: every request that gets
                        // here upgrades.
                        .websocketPath("")
                        .checkStartsWith(true)
                        .maxFramePayloadLength(config.maxFrameBytes())
                        .handshakeTimeoutMillis(HANDSHAKE_TIMEOUT_MILLIS)
                        .allowExtensions(false)
                        // A broken frame is answered by the session handler (SessionHandler):
                        // closed by the decoder, it would get a second close frame from the
                        // WebSocket handler, and a message too large no typed error first.
                        .closeOnProtocolViolation(false)
                        // The client's close frames go on to the session handler, which answers
                        // one it did not already answer with its own close frame: Netty's handler
                        // echoes every one, ours included, a second close frame on the wire.
                        .handleCloseFrames(false)
                        // Text is checked as it is decoded, once (SessionHandler), not also by a
                        // validator of its own a byte at a time.
                        .withUTF8Validator(false)
                        .build();
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ServerConfig config = services.config();
        int open = services.state().channels.size();
        if (open >= connectionCap + ServerConfig.RESERVED_FILES / 2) {
            // Half the files kept back are for connections over the cap, which may still ask for
            // health and metrics (and are refused anything else); past that, nothing is answered.
            logRefusals(open);
            channel.close();
            return;
        }
        services.state().channels.add(channel);
        channel.pipeline()
                // Reads only: watching writes too would cost a promise and a listener on every
                // frame sent.
                .addLast(LoopMove.WATCH, services.sweeps().watch(channel.eventLoop(), true))
                .addLast(
                        "http",
                        new HttpServerCodec(
                                new HttpDecoderConfig()
                                        .setMaxInitialLineLength(MAX_REQUEST_LINE_BYTES)
                                        .setMaxHeaderSize(MAX_HEADER_BYTES)))
                .addLast("http-counter", httpCounter)
                .addLast("aggregator", new JsonAggregator())
                .addLast("request", new RequestHandler(services, open >= connectionCap))
                .addLast("websocket", new WebSocketServerProtocolHandler(webSocket))
                .addLast("limit", new OutboundLimit(config.maxOutboundBytes()))
                .addLast("fragments", new WebSocketFrameAggregator(config.maxFrameBytes()))
                .addLast("session", new SessionHandler(services));
        if (config.accessLog()) {
            // Only when asked for: it sees every frame of the connection.
            channel.pipeline().addAfter("http", "access", new AccessLog());
        }
    }

    private void logRefusals(int open) {
        long held = services.clientLog().admit(CAP_LOG_KEY);
        if (held >= 0) {
            log.warn(
                    "{} connections open, {} over the most this server takes: new ones are closed"
                            + " unanswered ({} similar lines held back)",
                    open,
                    open - connectionCap,
                    held);
        }
    }

    /** Aggregates a request's body; one that is too large goes on marked so, bodiless. */
    static final class JsonAggregator extends HttpObjectAggregator {
        JsonAggregator() {
            super(MAX_HTTP_BODY_BYTES);
        }

        /**
         * Only a 100 Continue goes out from here. A body announced too large (see {@link
         * #handleOversizedMessage}) and an expectation other than 100-continue are refused by the
         * request handler in its turn, with a JSON body like every other refusal (Netty's own have
         * none).
         */
        @Override
        protected Object newContinueResponse(
                HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
            if (HttpUtil.is100ContinueExpected(start)
                    && HttpUtil.getContentLength(start, -1L) <= maxContentLength) {
                return super.newContinueResponse(start, maxContentLength, pipeline);
            }
            return null;
        }

        /**
         * Hands the request on marked as too large, for the request handler to refuse in its turn:
         * written from here, the 413 could overtake an answer still owed to a request sent before.
         * Its method and target are all that answer needs; the body that follows is dropped here as
         * it comes.
         */
        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            HttpRequest start = (HttpRequest) oversized;
            FullHttpRequest refused =
                    new DefaultFullHttpRequest(
                            start.protocolVersion(), start.method(), start.uri());
            refused.setDecoderResult(
                    DecoderResult.failure(
                            new TooLongHttpContentException(
                                    "a body over " + MAX_HTTP_BODY_BYTES + " bytes")));
            ctx.fireChannelRead(refused);
        }
    }
}
