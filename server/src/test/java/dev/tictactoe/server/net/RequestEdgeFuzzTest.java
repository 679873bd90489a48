package dev.tictactoe.server.net;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.RoomJournal;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;

import java.util.SplittableRandom;

/**
 * The HTTP edge (decoder, body aggregator, router, request handler) fed whatever bytes a connection
 * could send, then its close: every request is answered or the connection closed, and nothing
 * escapes as an exception but what the real pipeline's last handler takes as the client's doing
 * ({@link SessionHandler#isClientsFault}). The default build replays the inputs kept beside this
 * class (requests to every route, and the inputs that once broke it); {@code JAZZER_FUZZ=1} fuzzes
 * (see the README).
 */
class RequestEdgeFuzzTest {

    /** One server's worth of services for every input: making them is what costs. */
    private static final class Shared {
        static final ServerConfig CONFIG = ServerConfig.local();
        static final EventLoopGroup LOOPS =
                new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
        static final BotRunner BOTS = new BotRunner(1, 10, CONFIG.rooms().botBudget(), null);
        static final ServerMetrics METRICS = new ServerMetrics();
        static final RoomRegistry ROOMS =
                new RoomRegistry(
                        CONFIG.rooms(), null, LOOPS, BOTS, new ServerMetrics(), RoomJournal.NONE);
        static final Wiring WIRING =
                Wiring.of(
                        ROOMS,
                        CONFIG,
                        METRICS,
                        null,
                        MatchApi.matchmaker(
                                CONFIG.match(),
                                CONFIG.cluster(),
                                ROOMS,
                                METRICS,
                                LOOPS.next(),
                                new SplittableRandom(1)));
    }

    @FuzzTest(maxDuration = "10m")
    void answersAnyBytesOrCloses(FuzzedDataProvider data) throws Exception {
        EmbeddedChannel channel =
                new EmbeddedChannel(
                        new HttpServerCodec(
                                new HttpDecoderConfig()
                                        .setMaxInitialLineLength(
                                                ServerInitializer.MAX_REQUEST_LINE_BYTES)
                                        .setMaxHeaderSize(ServerInitializer.MAX_HEADER_BYTES)),
                        new BodyLimit(ServerInitializer.MAX_HTTP_BODY_BYTES),
                        Shared.WIRING.requestHandler());
        try {
            try {
                channel.writeInbound(Unpooled.wrappedBuffer(data.consumeRemainingAsBytes()));
                channel.runPendingTasks();
                channel.checkException();
                // The client goes away, maybe in the middle of a request.
                channel.close();
                channel.checkException();
            } finally {
                channel.finishAndReleaseAll();
            }
        } catch (Exception e) {
            // What the session handler at the end of the real pipeline takes quietly is fine.
            if (!SessionHandler.isClientsFault(e)) {
                throw e;
            }
        }
    }
}
