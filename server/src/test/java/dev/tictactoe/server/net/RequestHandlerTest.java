package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The request handler alone, on an embedded channel: answers computed elsewhere are waited for in
 * order.
 */
class RequestHandlerTest {

    private final ServerConfig config = ServerConfig.local();
    private final EventLoopGroup roomLoops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, config.rooms().botBudget(), null);
    private final RoomRegistry rooms = Wiring.rooms(config, roomLoops, bots);
    private final Wiring wiring = Wiring.of(rooms, config);
    private final EmbeddedChannel channel = new EmbeddedChannel(wiring.requestHandler());

    @AfterEach
    void stop() {
        channel.finishAndReleaseAll();
        bots.close();
        roomLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private static FullHttpRequest request(HttpMethod method, String uri) {
        return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri);
    }

    /**
     * Runs the channel's tasks once the room's loop has handed them over: a lookup's answer is
     * queued on the channel's loop from the room's, and an embedded loop's queue is not safe to
     * read while another thread adds to it.
     */
    private void runHandedOver(EmbeddedChannel channel) throws Exception {
        roomLoops.submit(() -> {}).get();
        channel.runPendingTasks();
    }

    @Test
    void requestsBehindARoomLookupWaitTheirTurnUpToTheLimit() throws Exception {
        Room room =
                rooms.create(
                        RoomSettings.resolve(NewRoom.DEFAULT, new SplittableRandom(1)),
                        null,
                        Map.of());
        CountDownLatch roomBusy = holdRoomLoop();
        channel.writeInbound(request(HttpMethod.GET, "/api/rooms/" + room.code()));
        for (int i = 0; i < RequestHandler.MAX_PIPELINED; i++) {
            channel.writeInbound(request(HttpMethod.GET, "/healthz"));
        }
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.outboundMessages()).isEmpty();
        roomBusy.countDown();
        runHandedOver(channel);
        FullHttpResponse first = channel.readOutbound();
        assertThat(first.content().toString(StandardCharsets.UTF_8))
                .contains("\"room\":\"" + room.code() + "\"");
        first.release();
        for (int i = 0; i < RequestHandler.MAX_PIPELINED; i++) {
            FullHttpResponse next = channel.readOutbound();
            assertThat(next.content().toString(StandardCharsets.UTF_8))
                    .startsWith("{\"status\":\"ok\",\"version\":");
            next.release();
        }

        // One more than may wait behind a pending answer closes the connection.
        CountDownLatch busyAgain = holdRoomLoop();
        channel.writeInbound(request(HttpMethod.GET, "/api/rooms/" + room.code()));
        for (int i = 0; i <= RequestHandler.MAX_PIPELINED; i++) {
            channel.writeInbound(request(HttpMethod.GET, "/healthz"));
        }
        assertThat(channel.isOpen()).isFalse();
        busyAgain.countDown();
    }

    @Test
    void aBodyTooLargeIsRefusedInItsTurnBehindAPendingAnswer() throws Exception {
        EmbeddedChannel aggregated =
                new EmbeddedChannel(
                        new BodyLimit(ServerInitializer.MAX_HTTP_BODY_BYTES),
                        wiring.requestHandler());
        Room room =
                rooms.create(
                        RoomSettings.resolve(NewRoom.DEFAULT, new SplittableRandom(1)),
                        null,
                        Map.of());
        CountDownLatch roomBusy = holdRoomLoop();
        try {
            aggregated.writeInbound(request(HttpMethod.GET, "/api/rooms/" + room.code()));
            HttpRequest large =
                    new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/api/rooms");
            HttpUtil.setContentLength(large, ServerInitializer.MAX_HTTP_BODY_BYTES + 1);
            aggregated.writeInbound(large);
            aggregated.writeInbound(
                    new DefaultLastHttpContent(
                            Unpooled.wrappedBuffer(
                                    new byte[ServerInitializer.MAX_HTTP_BODY_BYTES + 1])));
            assertThat(aggregated.outboundMessages()).isEmpty();

            roomBusy.countDown();
            runHandedOver(aggregated);
            FullHttpResponse lookup = aggregated.readOutbound();
            assertThat(lookup.status().code()).isEqualTo(200);
            lookup.release();
            FullHttpResponse refused = aggregated.readOutbound();
            assertThat(refused.status().code()).isEqualTo(413);
            assertThat(refused.content().toString(StandardCharsets.UTF_8))
                    .contains("request bodies are at most 16384 bytes");
            refused.release();
            aggregated.runPendingTasks();
            assertThat(aggregated.isOpen()).isFalse();
        } finally {
            roomBusy.countDown(); // a failed assertion must not leave the room loop held
            aggregated.finishAndReleaseAll();
        }
    }

    /**
     * Keeps the room's loop busy until the returned latch is released, so a lookup stays pending.
     */
    private CountDownLatch holdRoomLoop() throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        roomLoops.execute(
                () -> {
                    started.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
        started.await();
        return release;
    }

    @Test
    void readinessTurnsFalseWhileDraining() {
        wiring.state().started();
        channel.writeInbound(request(HttpMethod.GET, "/readyz"));
        FullHttpResponse ready = channel.readOutbound();
        assertThat(ready.status().code()).isEqualTo(200);
        ready.release();
        wiring.state().draining();
        channel.writeInbound(request(HttpMethod.HEAD, "/readyz"));
        FullHttpResponse draining = channel.readOutbound();
        assertThat(draining.status().code()).isEqualTo(503);
        assertThat(draining.content().readableBytes()).isZero();
        assertThat(draining.headers().getInt("Content-Length"))
                .isEqualTo("{\"ready\":false}".length());
        draining.release();
    }
}
