package dev.tictactoe.server.it;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.client.GameClient;
import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.RoomsApi;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import io.netty.channel.EventLoopGroup;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real server on an ephemeral loopback port, and real WebSocket clients to talk to it. */
final class TestServer implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(10);

    final GameServer server;
    final RoomsApi api;
    private final EventLoopGroup clients = GameConnection.newGroup(2);
    private final List<GameClient> opened = new ArrayList<>();

    TestServer() {
        this(ServerConfig.local());
    }

    TestServer(ServerConfig config) {
        server = config.start();
        api = new RoomsApi(URI.create("http://127.0.0.1:" + server.port()));
    }

    /** The server's answer to {@code GET path}, e.g. /metrics. */
    RawHttp.Response get(String path) throws IOException {
        return RawHttp.exchange(server.port(), RawHttp.get(path), (int) WAIT.toMillis());
    }

    /** Room {@code code} as {@code GET /api/rooms/{code}} answers it. */
    JsonNode room(String code) throws IOException {
        return MessageCodec.parse(get("/api/rooms/" + code).body());
    }

    String create(NewRoom settings) {
        return api.create(settings).code();
    }

    String create() {
        return create(NewRoom.DEFAULT);
    }

    /** A connected client that has not joined yet. */
    GameClient connect(String code) {
        GameClient client =
                GameClient.connect("127.0.0.1", server.port(), code, clients).timeout(WAIT);
        opened.add(client);
        return client;
    }

    GameClient connect(URI room) {
        GameClient client = GameClient.connect(room, clients).timeout(WAIT);
        opened.add(client);
        return client;
    }

    GameClient player(String code, String name) {
        GameClient client = connect(code);
        client.join(name);
        return client;
    }

    /** A classic room with X and O seated and the game started; returns {X, O}. */
    GameClient[] pair(NewRoom settings) {
        String code = create(settings);
        GameClient x = player(code, "ana");
        GameClient o = player(code, "bob");
        x.awaitSnapshot(s -> s.status() == RoomStatus.PLAYING, WAIT);
        return x.seat() == Seat.X ? new GameClient[] {x, o} : new GameClient[] {o, x};
    }

    @Override
    public void close() {
        opened.forEach(GameClient::close);
        server.close();
        clients.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
