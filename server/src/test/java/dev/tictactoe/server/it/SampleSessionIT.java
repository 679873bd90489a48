package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PROTOCOL.md's sample session played against the real server through the JDK's own WebSocket
 * client: every message Ana receives is the one printed there, field for field, but for the room
 * code, her token and the server's clock. Bo's part is read from the session's comments.
 */
class SampleSessionIT {
    private static final Path DOC = Path.of("..", "protocol", "PROTOCOL.md");
    private static final String DOC_CODE = "K7MQ2P";
    private static final String DOC_TOKEN = "q3T9xY2mLw8sVb4nR1kZcA";
    private static final Pattern BO_PLAYS = Pattern.compile("# Bo plays (\\d+)");
    private static final long WAIT_SECONDS = 10;
    private static final String CLAIMABLE_AT = "/claimableAt";

    @Test
    void theServerSaysWhatTheSampleSessionShows() throws Exception {
        List<String> session = sampleSession();
        assertThat(session).as("the sample session in " + DOC).hasSizeGreaterThan(20);
        // Not closed but shut down: close() would wait for every socket to finish closing.
        HttpClient http = HttpClient.newHttpClient();
        try (TestServer server = new TestServer()) {
            int port = server.server.port();
            String code = server.create(NewRoom.DEFAULT);
            StockSocket ana = StockSocket.open(http, port, code);
            boolean dropped = false;
            StockSocket bo = null;
            String token = DOC_TOKEN;
            long anaVersion = 0;
            int boMoves = 0;
            boolean dropAfterSend = false;
            boolean boAccepts = false;
            for (String line : session) {
                Matcher boPlays = BO_PLAYS.matcher(line);
                if (line.startsWith("# Bo joins")) {
                    bo = StockSocket.open(http, port, code);
                    bo.send("{\"type\":\"join\",\"protocol\":1,\"name\":\"bo\"}");
                    bo.awaitVersion(anaVersion + 1);
                } else if (boPlays.lookingAt()) {
                    long at = bo.awaitVersion(anaVersion);
                    bo.send(
                            "{\"type\":\"move\",\"id\":\"m%d\",\"version\":%d,\"cell\":%s}"
                                    .formatted(++boMoves, at, boPlays.group(1)));
                } else if (line.startsWith("#")) {
                    dropAfterSend |= line.contains("connection drops");
                    boAccepts |= line.contains("Bo accepts");
                } else if (line.startsWith("→ ")) {
                    if (dropped && line.contains("\"type\":\"join\"")) {
                        ana = StockSocket.open(http, port, code);
                    }
                    ana.send(line.substring(2).replace(DOC_TOKEN, token));
                    if (dropAfterSend) {
                        // The move lands, but Ana never reads its diff: she comes back on a new
                        // connection while the server still holds the old one open.
                        bo.awaitVersion(anaVersion + 1);
                        dropped = true;
                        dropAfterSend = false;
                    }
                } else if (line.startsWith("← ")) {
                    JsonNode got = MessageCodec.parse(ana.next());
                    if (got.has("token")) {
                        token = got.get("token").textValue();
                    }
                    ObjectNode expected =
                            (ObjectNode)
                                    MessageCodec.parse(
                                            line.substring(2)
                                                    .replace(DOC_CODE, code)
                                                    .replace(DOC_TOKEN, token));
                    takeTheServersClock(got, expected);
                    assertThat(got).as(line).isEqualTo(expected);
                    anaVersion = Math.max(anaVersion, StockSocket.versionOf(got));
                    if (boAccepts
                            && "rematch_offered".equals(got.path("event").path("kind").asText())) {
                        bo.awaitVersion(anaVersion);
                        bo.send("{\"type\":\"rematch\"}");
                        boAccepts = false;
                    }
                }
            }
            assertThat(ana.received).as("messages the sample session does not show").isEmpty();
        } finally {
            http.shutdownNow();
        }
    }

    /**
     * Copies into {@code expected} the times that follow the server's clock (`serverTime`, and each
     * `claimableAt` set to a time), where {@code got} has a time in the same place. A turn that
     * starts in the same millisecond as the one before leaves `claimableAt` as it was, and a diff
     * holds only what changed: then the expected operation is dropped.
     */
    private static void takeTheServersClock(JsonNode got, ObjectNode expected) {
        if (got.has("serverTime")) {
            expected.set("serverTime", got.get("serverTime"));
        }
        if (!(expected.get("ops") instanceof ArrayNode ops)) {
            return;
        }
        for (int i = ops.size() - 1; i >= 0; i--) {
            JsonNode op = ops.get(i);
            if (!op.path("path").asText().equals(CLAIMABLE_AT) || !op.path("value").isNumber()) {
                continue;
            }
            JsonNode gotOp = got.path("ops").path(i);
            if (gotOp.path("path").asText().equals(CLAIMABLE_AT)
                    && gotOp.path("value").isNumber()) {
                ((ObjectNode) op).set("value", gotOp.get("value"));
            } else if (!hasOp(got, CLAIMABLE_AT)) {
                ops.remove(i);
            }
        }
    }

    private static boolean hasOp(JsonNode diff, String path) {
        for (JsonNode op : diff.path("ops")) {
            if (op.path("path").asText().equals(path)) {
                return true;
            }
        }
        return false;
    }

    /** The lines of the sample session's transcript, comments included. */
    private static List<String> sampleSession() throws Exception {
        List<String> lines = Files.readAllLines(DOC);
        int start = lines.indexOf("## A sample session");
        List<String> session = new ArrayList<>();
        boolean inBlock = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("```")) {
                if (inBlock) {
                    break;
                }
                inBlock = true;
            } else if (inBlock && !line.isBlank()) {
                session.add(line);
            }
        }
        return session;
    }

    /** A WebSocket of the JDK's HTTP client, keeping each whole text message in order. */
    private static final class StockSocket implements WebSocket.Listener {
        final BlockingQueue<String> received = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        private WebSocket ws;
        private long version;

        static StockSocket open(HttpClient http, int port, String code) throws Exception {
            StockSocket socket = new StockSocket();
            URI uri = URI.create("ws://127.0.0.1:" + port + "/rooms/" + code + "/ws");
            socket.ws =
                    http.newWebSocketBuilder()
                            .buildAsync(uri, socket)
                            .get(WAIT_SECONDS, TimeUnit.SECONDS);
            return socket;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                received.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        void send(String text) throws Exception {
            ws.sendText(text, true).get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        String next() throws InterruptedException {
            String message = received.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(message).as("a message within " + WAIT_SECONDS + " s").isNotNull();
            return message;
        }

        /** Reads until the room is at {@code wanted} or later; returns the version reached. */
        long awaitVersion(long wanted) throws InterruptedException {
            while (version < wanted) {
                version = Math.max(version, versionOf(MessageCodec.parse(next())));
            }
            return version;
        }

        static long versionOf(JsonNode message) {
            JsonNode snapshot = message.path("snapshot");
            return (snapshot.isObject() ? snapshot : message).path("version").asLong(0);
        }
    }
}
