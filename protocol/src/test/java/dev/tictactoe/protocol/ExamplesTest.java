package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The example messages decode, re-encode unchanged, and appear verbatim in PROTOCOL.md. */
class ExamplesTest {
    private static final Path DOC = Path.of("PROTOCOL.md");

    private static Path examples() throws URISyntaxException {
        return Path.of(ExamplesTest.class.getResource("/examples").toURI());
    }

    private static List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(examples())) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static String squash(String s) {
        return s.replaceAll("\\s+", "");
    }

    @Test
    void everyExampleRoundTrips() throws Exception {
        assertThat(files()).isNotEmpty();
        for (Path file : files()) {
            String name = file.getFileName().toString();
            String json = Files.readString(file);
            JsonNode expected = MessageCodec.parse(json);
            JsonNode actual;
            if (name.startsWith("client-")) {
                actual = MessageCodec.parse(MessageCodec.encode(MessageCodec.decodeClient(json)));
            } else if (name.startsWith("server-")) {
                actual = MessageCodec.parse(MessageCodec.encode(MessageCodec.decodeServer(json)));
            } else if (name.startsWith("event-")) {
                ObjectNode diff =
                        MessageCodec.mapper()
                                .createObjectNode()
                                .put("type", "diff")
                                .put("version", 1);
                diff.putArray("ops");
                diff.set("event", expected);
                var decoded = (ServerMessage.Diff) MessageCodec.decodeServer(diff.toString());
                actual = MessageCodec.parse(MessageCodec.encode(decoded)).get("event");
            } else if (name.startsWith("api-new-room")) {
                actual = MessageCodec.parse(MessageCodec.encode(MessageCodec.decodeNewRoom(json)));
            } else {
                throw new AssertionError("unexpected example " + name);
            }
            assertThat(actual).as(name).isEqualTo(expected);
        }
    }

    @Test
    void everyTypeAndEventKindHasAnExample() throws Exception {
        for (ClientMessage m : Samples.clientMessages()) {
            assertThat(
                            examples()
                                    .resolve(
                                            "client-"
                                                    + MessageCodec.typeName(m.getClass())
                                                            .replace('_', '-')
                                                    + ".json"))
                    .exists();
        }
        for (ServerMessage m : Samples.serverMessages()) {
            assertThat(
                            examples()
                                    .resolve(
                                            "server-"
                                                    + MessageCodec.typeName(m.getClass())
                                                            .replace('_', '-')
                                                    + ".json"))
                    .exists();
        }
        for (Event e : Samples.events()) {
            String kind = MessageCodec.mapper().valueToTree(e).get("kind").textValue();
            assertThat(examples().resolve("event-" + kind.replace('_', '-') + ".json")).exists();
        }
    }

    @Test
    void theProtocolDocumentShowsEveryExample() throws Exception {
        String doc = squash(Files.readString(DOC));
        for (Path file : files()) {
            assertThat(doc)
                    .as("PROTOCOL.md shows %s", file.getFileName())
                    .contains(squash(Files.readString(file)));
        }
    }

    @Test
    void theProtocolDocumentListsEveryErrorCode() throws IOException {
        String doc = Files.readString(DOC);
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(doc).contains("`" + code.wire() + "`");
        }
    }

    /**
     * Lines "→ {json}" and "← {json}" of the sample session decode, and the diffs apply in order.
     */
    @Test
    void theSampleSessionIsValid() throws IOException {
        List<String> lines = Files.readAllLines(DOC);
        JsonNode state = null;
        int client = 0;
        int server = 0;
        for (String line : lines) {
            if (line.startsWith("→ ")) {
                MessageCodec.decodeClient(line.substring(2));
                client++;
            } else if (line.startsWith("← ")) {
                ServerMessage m = MessageCodec.decodeServer(line.substring(2));
                // Exactly what the server writes: no field left out, none added.
                assertThat(MessageCodec.parse(MessageCodec.encode(m)))
                        .as(line)
                        .isEqualTo(MessageCodec.parse(line.substring(2)));
                if (m instanceof ServerMessage.Welcome w) {
                    state = MessageCodec.toTree(w.snapshot());
                } else if (m instanceof ServerMessage.Diff d) {
                    assertThat(state).as(line).isNotNull();
                    long before = MessageCodec.fromTree(state).version();
                    JsonNode stock = StockPatch.apply(state, d.ops());
                    state = JsonPatch.apply(state, d.ops());
                    assertThat(stock.toString()).as(line).isEqualTo(state.toString());
                    assertThat(MessageCodec.fromTree(state).version())
                            .as(line)
                            .isEqualTo(before + 1)
                            .isEqualTo(d.version());
                }
                server++;
            }
        }
        assertThat(client).isGreaterThan(5);
        assertThat(server).isGreaterThan(5);
    }
}
