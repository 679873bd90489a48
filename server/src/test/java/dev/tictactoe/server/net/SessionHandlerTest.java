package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.ReferenceCountUtil;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * How a session ends a connection, on an embedded channel with its own clock: the close frame goes
 * out first and the socket stays open long enough for the client to read it, whatever the client
 * sends meanwhile and whatever writes fail after the frame.
 */
class SessionHandlerTest {

    private final ServerConfig config = ServerConfig.local();
    private final EventLoopGroup roomLoops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, config.rooms().botBudget(), null);
    private final RoomRegistry rooms = Wiring.rooms(config, roomLoops, bots);
    private final Wiring wiring = Wiring.of(rooms, config);
    private final EmbeddedChannel channel =
            new EmbeddedChannel(
                    new OutboundLimit(config.net().maxOutboundBytes()), wiring.sessionHandler());

    @BeforeEach
    void open() throws Exception {
        Room room =
                rooms.create(
                        RoomSettings.resolve(NewRoom.DEFAULT, new SplittableRandom(1)),
                        null,
                        Map.of());
        channel.attr(SessionHandler.ROOM).set(room);
        channel.pipeline()
                .fireUserEventTriggered(
                        new WebSocketServerProtocolHandler.HandshakeComplete(
                                "/rooms/" + room.code() + "/ws", EmptyHttpHeaders.INSTANCE, null));
    }

    @AfterEach
    void stop() {
        channel.finishAndReleaseAll();
        bots.close();
        roomLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void aRequestedCloseSendsTheFrameAndLingersBeforeClosing() {
        channel.pipeline()
                .fireUserEventTriggered(
                        new CloseHandshake.Request(CloseCodes.REPLACED, "replaced"));

        CloseWebSocketFrame frame = channel.readOutbound();
        assertThat(frame.statusCode()).isEqualTo(CloseCodes.REPLACED);
        frame.release();
        assertThat(channel.isOpen()).isTrue();

        channel.advanceTimeBy(CloseHandshake.CLOSE_LINGER_MILLIS, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void framesAndWritesAfterTheCloseFrameDoNotCutTheLingerShort() {
        channel.pipeline()
                .fireUserEventTriggered(
                        new CloseHandshake.Request(CloseCodes.LEFT, "left the room"));
        ((CloseWebSocketFrame) channel.readOutbound()).release();

        // The client has not read the close frame yet and keeps talking, and a broadcast from the
        // room arrives behind the frame, written as rooms write, with a void promise.
        channel.writeInbound(new TextWebSocketFrame("{\"type\":\"history\"}"));
        channel.writeAndFlush(
                Unpooled.copiedBuffer("late", StandardCharsets.UTF_8), channel.voidPromise());

        channel.checkException();
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.<Object>readOutbound())
                .as("nothing sent after the close frame")
                .isNull();
        channel.advanceTimeBy(CloseHandshake.CLOSE_LINGER_MILLIS, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void syncsAskedWhileBackedUpAreAnsweredOnceWhenItDrains() {
        channel.writeInbound(
                new TextWebSocketFrame("{\"type\":\"join\",\"protocol\":1,\"name\":\"ana\"}"));
        awaitSent("welcome");
        // Over the high-water mark: the connection is backed up.
        channel.write(Unpooled.buffer(70_000).writeZero(70_000));
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isFalse();
        for (int i = 0; i < 5; i++) {
            channel.writeInbound(new TextWebSocketFrame("{\"type\":\"sync\"}"));
        }
        channel.flush();
        channel.runPendingTasks();
        assertThat(channel.isWritable()).isTrue();
        // Answered in order on the room's loop: the history comes after whatever the syncs owed.
        channel.writeInbound(new TextWebSocketFrame("{\"type\":\"history\"}"));
        List<String> sent = awaitSent("history");
        assertThat(sent.stream().filter(m -> m.contains("\"type\":\"snapshot\"")).count())
                .isEqualTo(1);
    }

    /**
     * The messages written to the channel, as text, until one of {@code type} is among them (the
     * room answers on its own loop); a bound on the waiting keeps a broken test from hanging.
     */
    private List<String> awaitSent(String type) {
        List<String> sent = new ArrayList<>();
        long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (sent.stream().noneMatch(m -> m.contains("\"type\":\"" + type + "\""))
                && System.nanoTime() < bound) {
            channel.runPendingTasks();
            for (Object out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
                if (out instanceof ByteBuf buf) {
                    sent.add(buf.toString(StandardCharsets.UTF_8));
                }
                ReferenceCountUtil.release(out);
            }
            Thread.onSpinWait();
        }
        return sent;
    }

    @Test
    void aClientClosingInTheMiddleOfARequestIsItsOwnDoingNotAnError() {
        // Found by RequestEdgeFuzzTest: it was logged as an unexpected error, with its stack.
        assertThat(
                        SessionHandler.isClientsFault(
                                new PrematureChannelClosureException(
                                        "Channel closed while still aggregating message")))
                .isTrue();
        assertThat(SessionHandler.isClientsFault(new IllegalStateException("a bug"))).isFalse();
    }

    @Test
    void aSecondCloseRequestKeepsTheFirstCode() {
        channel.pipeline()
                .fireUserEventTriggered(
                        new CloseHandshake.Request(CloseCodes.LEFT, "left the room"));
        channel.pipeline()
                .fireUserEventTriggered(
                        new CloseHandshake.Request(CloseCodes.GOING_AWAY, "shutting down"));

        CloseWebSocketFrame frame = channel.readOutbound();
        assertThat(frame.statusCode()).isEqualTo(CloseCodes.LEFT);
        frame.release();
        assertThat(channel.<Object>readOutbound()).isNull();
    }

    @Test
    void theClientsAnswerToOurCloseEndsTheConnectionWithoutAnotherFrame() {
        channel.pipeline().fireUserEventTriggered(ServerState.Event.TOO_SLOW);
        CloseWebSocketFrame frame = channel.readOutbound();
        assertThat(frame.statusCode()).isEqualTo(CloseCodes.TOO_SLOW);
        frame.release();

        channel.writeInbound(new CloseWebSocketFrame(CloseCodes.TOO_SLOW, ""));
        assertThat(channel.<Object>readOutbound()).as("no second close frame").isNull();
        assertThat(channel.isOpen()).as("closed at once, without the linger").isFalse();
    }

    @Test
    void aCloseTheClientStartsIsAnsweredOnceWithItsCode() {
        channel.writeInbound(new CloseWebSocketFrame(CloseCodes.NORMAL, "bye"));
        CloseWebSocketFrame frame = channel.readOutbound();
        assertThat(frame.statusCode()).isEqualTo(CloseCodes.NORMAL);
        frame.release();
        assertThat(channel.isOpen()).isFalse();
        assertThat(channel.<Object>readOutbound()).isNull();
    }

    @Test
    void aPingIsAnsweredAQuietHeartbeatIsPingedAndASilentOneClosesWith1001() {
        channel.writeInbound(new TextWebSocketFrame("{\"type\":\"ping\",\"seq\":42}"));
        ByteBuf pong = channel.readOutbound();
        ByteBuf expected = ChannelMember.heartbeat(channel.alloc(), "pong", 42);
        assertThat(ByteBufUtil.equals(pong, expected)).isTrue();
        pong.release();
        expected.release();

        // Quiet for a while: the server pings, twice with rising seqs, and a pong is not answered.
        channel.pipeline().fireUserEventTriggered(ServerState.Event.HEARTBEAT_DUE);
        channel.pipeline().fireUserEventTriggered(ServerState.Event.HEARTBEAT_DUE);
        for (long seq = 1; seq <= 2; seq++) {
            ByteBuf ping = channel.readOutbound();
            ByteBuf sent = ChannelMember.heartbeat(channel.alloc(), "ping", seq);
            assertThat(ByteBufUtil.equals(ping, sent)).isTrue();
            ping.release();
            sent.release();
        }
        channel.writeInbound(new TextWebSocketFrame("{\"type\":\"pong\",\"seq\":2}"));
        assertThat(channel.<Object>readOutbound()).isNull();

        channel.pipeline().fireUserEventTriggered(ServerState.Event.HEARTBEAT_TIMEOUT);
        CloseWebSocketFrame frame = channel.readOutbound();
        assertThat(frame.statusCode()).isEqualTo(CloseCodes.GOING_AWAY);
        assertThat(frame.reasonText()).isEqualTo(SessionHandler.HEARTBEAT_TIMEOUT_REASON);
        frame.release();
    }
}
