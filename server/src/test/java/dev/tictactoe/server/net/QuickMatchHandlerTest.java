package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.lobby.MatchRooms;
import dev.tictactoe.server.lobby.Matchmaker;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The quick-match endpoints on embedded channels, one per client: a waiting {@code POST} holds no
 * thread, is answered when its partner arrives, and leaves the queue when its connection closes.
 * The timer never fires here: waits end only by pairing, cancelling or closing.
 */
class QuickMatchHandlerTest {

    private final ServerConfig config = ServerConfig.local("--match-max-waiting=3");
    private final EventLoopGroup roomLoops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, config.rooms().botBudget(), null);
    private final ServerMetrics metrics = new ServerMetrics();
    private final RoomRegistry rooms = Wiring.rooms(config, roomLoops, bots);
    private final Matchmaker matchmaker =
            new Matchmaker(
                    config.match(),
                    new SplittableRandom(5),
                    MatchRooms.in(rooms),
                    (task, delay) -> () -> {},
                    System::nanoTime,
                    metrics,
                    null,
                    "A");
    private final Wiring wiring = Wiring.of(rooms, config, metrics, null, matchmaker);
    private final List<EmbeddedChannel> channels = new ArrayList<>();

    @AfterEach
    void stop() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
        bots.close();
        metrics.close();
        roomLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private EmbeddedChannel client() {
        EmbeddedChannel channel = new EmbeddedChannel(wiring.requestHandler());
        channels.add(channel);
        return channel;
    }

    private static FullHttpRequest request(HttpMethod method, String uri, String body) {
        return new DefaultFullHttpRequest(
                HttpVersion.HTTP_1_1,
                method,
                uri,
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
    }

    private static String ask(String name) {
        String ticket = ("ticket-of-" + name + "-0123456789").substring(0, 20);
        return "{\"ticket\": \""
                + ticket
                + "\", \"player\": \"player-"
                + name
                + "\", \"name\": \""
                + name
                + "\"}";
    }

    private static void post(EmbeddedChannel channel, String body) {
        channel.writeInbound(request(HttpMethod.POST, "/api/match", body));
    }

    /** The next answer on {@code channel}, after running the tasks handed to its loop. */
    private static Answer answer(EmbeddedChannel channel) throws IOException {
        channel.runPendingTasks();
        FullHttpResponse response = channel.readOutbound();
        assertThat(response).as("an answer").isNotNull();
        try {
            String body = response.content().toString(StandardCharsets.UTF_8);
            return new Answer(
                    response.status().code(),
                    body.isEmpty() ? null : HttpReplies.JSON.readTree(body));
        } finally {
            response.release();
        }
    }

    private record Answer(int status, JsonNode body) {}

    private static void assertNoAnswer(EmbeddedChannel channel) {
        channel.runPendingTasks();
        assertThat(channel.outboundMessages()).isEmpty();
    }

    @Test
    void aWaitingRequestIsAnsweredWhenItsPartnerArrivesBothSeatedInOneRoom() throws Exception {
        EmbeddedChannel ana = client();
        EmbeddedChannel bo = client();
        post(ana, ask("ana"));
        assertNoAnswer(ana);
        assertThat(matchmaker.waiting()).isEqualTo(1);

        post(bo, ask("bo"));
        Answer a = answer(ana);
        Answer b = answer(bo);
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.body().get("status").textValue()).isEqualTo("matched");
        String code = a.body().get("code").textValue();
        assertThat(b.body().get("code").textValue()).isEqualTo(code);
        assertThat(a.body().get("path").textValue()).isEqualTo("/rooms/" + code + "/ws");
        assertThat(a.body().get("seat").textValue()).isNotEqualTo(b.body().get("seat").textValue());
        assertThat(a.body().get("token").textValue())
                .isNotEqualTo(b.body().get("token").textValue());
        assertThat(a.body().get("opponent").toString())
                .isEqualTo("{\"name\":\"bo\",\"kind\":\"human\",\"level\":null}");
        assertThat(a.body().get("settings").get("seat")).isEqualTo(a.body().get("seat"));

        Snapshot room = rooms.find(code).orElseThrow().status().get(5, TimeUnit.SECONDS);
        assertThat(room.status()).isEqualTo(RoomStatus.PLAYING);
        String anaSeat = a.body().get("seat").textValue();
        Snapshot.Player anaPlayer = "X".equals(anaSeat) ? room.players().x() : room.players().o();
        assertThat(anaPlayer.name()).isEqualTo("ana");
        assertThat(anaPlayer.connected()).isFalse();
        assertThat(matchmaker.waiting()).isZero();
        // Keep-alive: the connection stays open for the next request.
        assertThat(ana.isOpen()).isTrue();
    }

    @Test
    void aWaiterWhoseConnectionClosesLeavesTheQueue() throws Exception {
        EmbeddedChannel ana = client();
        post(ana, ask("ana"));
        assertThat(matchmaker.waiting()).isEqualTo(1);
        ana.close();
        assertThat(matchmaker.waiting()).isZero();

        EmbeddedChannel bo = client();
        post(bo, ask("bo"));
        assertNoAnswer(bo);
        assertThat(rooms.size()).isZero();
        // The same player may ask again on a new connection.
        EmbeddedChannel anaAgain = client();
        post(anaAgain, ask("ana"));
        assertThat(answer(anaAgain).body().get("status").textValue()).isEqualTo("matched");
    }

    @Test
    void aQuietWaitIsNotClosedAsIdleButAQuietConnectionAfterItIs() throws Exception {
        EmbeddedChannel ana = client();
        post(ana, ask("ana"));
        ana.pipeline().fireUserEventTriggered(new IdleSweep.Quiet(1));
        assertThat(ana.isOpen()).isTrue();
        post(client(), ask("bo"));
        assertThat(answer(ana).status()).isEqualTo(200);
        ana.pipeline().fireUserEventTriggered(new IdleSweep.Quiet(2));
        assertThat(ana.isOpen()).isFalse();
    }

    @Test
    void aWaitingRequestCanBeLookedUpAndCancelledByItsTicket() throws Exception {
        EmbeddedChannel ana = client();
        EmbeddedChannel other = client();
        post(ana, ask("ana"));
        String ticket = "ticket-of-ana-012345";

        other.writeInbound(request(HttpMethod.GET, "/api/match/" + ticket, ""));
        Answer status = answer(other);
        assertThat(status.status()).isEqualTo(200);
        assertThat(status.body().get("status").textValue()).isEqualTo("waiting");
        assertThat(status.body().get("position").intValue()).isEqualTo(1);
        assertThat(status.body().get("sameSettings").intValue()).isEqualTo(1);
        assertThat(status.body().get("waiting").intValue()).isEqualTo(1);
        assertThat(status.body().get("settings").toString())
                .isEqualTo("{\"size\":3,\"winLength\":3,\"clock\":null}");

        other.writeInbound(request(HttpMethod.DELETE, "/api/match/" + ticket, ""));
        Answer cancelled = answer(other);
        assertThat(cancelled.status()).isEqualTo(204);
        assertThat(cancelled.body()).isNull();
        Answer heard = answer(ana);
        assertThat(heard.status()).isEqualTo(200);
        assertThat(heard.body().toString())
                .isEqualTo("{\"status\":\"cancelled\",\"ticket\":\"" + ticket + "\"}");

        other.writeInbound(request(HttpMethod.DELETE, "/api/match/" + ticket, ""));
        Answer again = answer(other);
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.body().get("code").textValue()).isEqualTo("match_unknown_ticket");
        other.writeInbound(request(HttpMethod.GET, "/api/match/" + ticket, ""));
        assertThat(answer(other).status()).isEqualTo(404);
    }

    @Test
    void everyRefusalHasItsStatusAndCode() throws Exception {
        EmbeddedChannel channel = client();
        post(channel, "{not json");
        assertRefused(answer(channel), 400, "bad_message");
        post(
                channel,
                "{\"ticket\": \"ticket-of-ana-012345\", \"player\": \"a\", \"name\": \"ana\","
                        + " \"size\": 25}");
        assertRefused(answer(channel), 400, "invalid_settings");
        post(channel, "{\"ticket\": \"ticket-of-ana-012345\", \"player\": \"a\", \"name\": \"\"}");
        assertRefused(answer(channel), 400, "name_invalid");

        post(client(), ask("ana"));
        post(channel, ask("ana").replace("ticket-of-ana", "another-tick"));
        assertRefused(answer(channel), 409, "match_already_queued");
        post(channel, ask("ana").replace("player-ana", "player-eve"));
        assertRefused(answer(channel), 409, "match_ticket_in_use");

        // Three wait with settings nobody else asked for; a fourth finds the queue full.
        post(client(), ask("bo").replace("\"name\"", "\"size\": 4, \"name\""));
        post(client(), ask("cy").replace("\"name\"", "\"size\": 5, \"name\""));
        post(channel, ask("di").replace("\"name\"", "\"size\": 6, \"name\""));
        assertRefused(answer(channel), 503, "match_queue_full");
        assertThat(channel.isOpen()).isTrue();
    }

    private static void assertRefused(Answer answer, int status, String code) {
        assertThat(answer.status()).as(answer.body().toString()).isEqualTo(status);
        assertThat(answer.body().get("code").textValue()).isEqualTo(code);
        assertThat(answer.body().get("message").textValue()).isNotBlank();
    }

    @Test
    void requestsSentBehindAWaitingOneAreAnsweredAfterItInOrder() throws Exception {
        EmbeddedChannel ana = client();
        post(ana, ask("ana"));
        ana.writeInbound(request(HttpMethod.GET, "/healthz", ""));
        assertNoAnswer(ana);
        post(client(), ask("bo"));
        assertThat(answer(ana).body().get("status").textValue()).isEqualTo("matched");
        assertThat(answer(ana).body().get("status").textValue()).isEqualTo("ok");
    }

    @Test
    void aDrainingServerTakesNoRequest() throws Exception {
        wiring.state().draining();
        EmbeddedChannel ana = client();
        post(ana, ask("ana"));
        assertRefused(answer(ana), 503, "server_full");
        assertThat(matchmaker.waiting()).isZero();
    }
}
