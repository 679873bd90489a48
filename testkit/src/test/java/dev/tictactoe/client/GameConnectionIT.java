package dev.tictactoe.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.testkit.ScriptServer;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

class GameConnectionIT {
    private static EventLoopGroup group;

    @BeforeAll
    static void startGroup() {
        group = GameConnection.newGroup(2);
    }

    @AfterAll
    static void stopGroup() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    /** Records everything a listener is told. */
    static final class Recorder implements GameConnection.Listener {
        final BlockingQueue<Object> events = new LinkedBlockingQueue<>();

        @Override
        public void onText(String text) {
            events.add(MessageCodec.decodeServer(text));
        }

        @Override
        public void onClose(GameConnection.CloseInfo info) {
            events.add(info);
        }

        Object next() throws InterruptedException {
            Object o = events.poll(10, TimeUnit.SECONDS);
            assertThat(o).as("listener event").isNotNull();
            return o;
        }
    }

    private static CompletableFuture<GameConnection> open(URI uri, GameConnection.Listener l) {
        return GameConnection.open(uri, group, l, GameConnection.DEFAULT_OPEN_TIMEOUT, null);
    }

    private static <T> T get(Future<T> f) throws Exception {
        return f.get(10, TimeUnit.SECONDS);
    }

    private static void sendText(Channel ch, ServerMessage m) {
        ch.writeAndFlush(new TextWebSocketFrame(MessageCodec.encode(m)));
    }

    @Test
    void sendsAndReceivesMessages() throws Exception {
        BiConsumer<Channel, WebSocketFrame> echoAck =
                (ch, frame) -> {
                    if (frame instanceof TextWebSocketFrame t && t.text().contains("\"move\"")) {
                        var move = (ClientMessage.Move) MessageCodec.decodeClient(t.text());
                        sendText(ch, new ServerMessage.Ack(move.id(), move.version() + 1));
                    }
                };
        try (var server = new ScriptServer(group, echoAck)) {
            var recorder = new Recorder();
            GameConnection c = get(open(server.roomUri(), recorder));
            assertThat(c.closeFuture()).isNotDone();

            get(c.send(new ClientMessage.Move("m1", 4, 8)));
            assertThat(server.next())
                    .isEqualTo(
                            new ScriptServer.Text(
                                    "{\"type\":\"move\",\"id\":\"m1\",\"version\":4,\"cell\":8}"));
            assertThat(recorder.next()).isEqualTo(new ServerMessage.Ack("m1", 5));

            get(c.write(new TextWebSocketFrame("{not json")));
            assertThat(server.next()).isEqualTo(new ScriptServer.Text("{not json"));
            get(c.write(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}))));
            assertThat(server.next()).isEqualTo(new ScriptServer.Binary(3));
            get(c.abort());
        }
    }

    @Test
    void answersPingsWithPongs() throws Exception {
        try (var server = new ScriptServer(group, (ch, f) -> {})) {
            get(open(server.roomUri(), new Recorder()));
            Channel serverSide = get(server.firstConnection);
            serverSide.writeAndFlush(
                    new PingWebSocketFrame(Unpooled.copiedBuffer("hi", StandardCharsets.UTF_8)));
            assertThat(server.next()).isEqualTo(new ScriptServer.Pong("hi"));
        }
    }

    @Test
    void reportsTheServersCloseCodeAndReason() throws Exception {
        try (var server = new ScriptServer(group, (ch, f) -> {})) {
            var recorder = new Recorder();
            GameConnection c = get(open(server.roomUri(), recorder));
            Channel serverSide = get(server.firstConnection);
            serverSide.writeAndFlush(new CloseWebSocketFrame(CloseCodes.REPLACED, "replaced"));
            assertThat(server.next())
                    .as("the client echoes the close")
                    .isEqualTo(new ScriptServer.Close(4001, "replaced"));
            serverSide.close();
            var info = get(c.closeFuture());
            assertThat(info).isEqualTo(new GameConnection.CloseInfo(4001, "replaced"));
            assertThat(info.code()).isNotEqualTo(CloseCodes.ABNORMAL);
            assertThat(recorder.next()).isEqualTo(info);
            assertThat(c.closeFuture()).isDone();
        }
    }

    @Test
    void closesCleanlyFromTheClientSide() throws Exception {
        BiConsumer<Channel, WebSocketFrame> echoClose =
                (ch, frame) -> {
                    if (frame instanceof CloseWebSocketFrame close) {
                        ch.writeAndFlush(
                                        new CloseWebSocketFrame(
                                                close.statusCode(), close.reasonText()))
                                .addListener(f -> ch.close());
                    }
                };
        try (var server = new ScriptServer(group, echoClose)) {
            GameConnection c = get(open(server.roomUri(), new Recorder()));
            var info = get(c.close(CloseCodes.NORMAL, "bye"));
            assertThat(info).isEqualTo(new GameConnection.CloseInfo(1000, "bye"));
            assertThat(server.next()).isEqualTo(new ScriptServer.Close(1000, "bye"));
            assertThat(server.next()).isInstanceOf(ScriptServer.Inactive.class);
        }
    }

    @Test
    void abortDropsTheSocketWithoutACloseFrame() throws Exception {
        try (var server = new ScriptServer(group, (ch, f) -> {})) {
            GameConnection c = get(open(server.roomUri(), new Recorder()));
            get(server.firstConnection);
            var info = get(c.abort());
            assertThat(info.code()).isEqualTo(CloseCodes.ABNORMAL);
            assertThat(server.next()).isInstanceOf(ScriptServer.Inactive.class);
        }
    }

    @Test
    void aServerThatVanishesIsReportedAsDropped() throws Exception {
        try (var server = new ScriptServer(group, (ch, f) -> {})) {
            var recorder = new Recorder();
            GameConnection c = get(open(server.roomUri(), recorder));
            get(server.firstConnection).close();
            assertThat(get(c.closeFuture()))
                    .isEqualTo(new GameConnection.CloseInfo(1006, "connection lost"));
            assertThat(recorder.next())
                    .isEqualTo(new GameConnection.CloseInfo(1006, "connection lost"));
        }
    }

    @Test
    void anUnknownRoomFailsTheHandshakeWithUnknownRoom() throws Exception {
        try (var server = new ScriptServer(group, (ch, f) -> {})) {
            URI other = ServerAddress.parse("127.0.0.1:" + server.port()).ws("ZZZ999");
            var opened = open(other, new Recorder());
            assertThatThrownBy(() -> get(opened))
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOfSatisfying(
                            ProtocolException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_ROOM));
        }
    }

    @Test
    void anUnreachableServerFailsWithConnectException() throws Exception {
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // free now, so nothing listens there
        }
        var opened =
                GameConnection.open(
                        ServerAddress.parse("127.0.0.1:" + port).ws("ABC234"),
                        group,
                        new Recorder(),
                        Duration.ofSeconds(2),
                        null);
        assertThatThrownBy(() -> get(opened)).cause().isInstanceOf(ConnectException.class);
    }
}
