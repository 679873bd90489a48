package dev.tictactoe.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Diffs written from the walk are byte for byte what Jackson's data binding writes. */
class DiffWriterTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static void sameAsDataBinding(ServerMessage.Diff diff) throws Exception {
        String byJackson =
                MessageCodec.mapper().writerFor(ServerMessage.class).writeValueAsString(diff);
        assertThat(new String(MessageCodec.encodeToBytes(diff), StandardCharsets.UTF_8))
                .isEqualTo(byJackson);
        assertThat(MessageCodec.encode(diff)).isEqualTo(byJackson);
    }

    @Test
    void everyEventAndNoEvent() throws Exception {
        List<Event> events = new ArrayList<>(Samples.events());
        events.add(new Event.GameOver(null, ResultReason.ABANDONED));
        events.add(null);
        Snapshot s = Samples.snapshot();
        for (Event event : events) {
            ServerMessage.Diff diff = new ServerMessage.Diff(3, List.of(), event);
            sameAsDataBinding(diff);
            assertThat(
                            new String(
                                    DiffWriter.write(3, s, s, event).toByteArray(),
                                    StandardCharsets.UTF_8))
                    .isEqualTo(MessageCodec.encode(diff));
        }
    }

    @Test
    void everyOperationAndValueShape() throws Exception {
        for (ServerMessage m : Samples.serverMessages()) {
            if (m instanceof ServerMessage.Diff diff) {
                sameAsDataBinding(diff);
            }
        }
        sameAsDataBinding(
                new ServerMessage.Diff(
                        Long.MAX_VALUE,
                        List.of(
                                new PatchOp(PatchOp.Op.MOVE, "/b", null, "/a"),
                                new PatchOp(PatchOp.Op.COPY, "/c", null, "/a/0"),
                                new PatchOp(PatchOp.Op.TEST, "/d", NODES.booleanNode(false), null),
                                new PatchOp(
                                        PatchOp.Op.ADD,
                                        "/e",
                                        NODES.arrayNode().add(1).add("two").addNull().add(3.5),
                                        null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/f",
                                        NODES.numberNode(new BigDecimal("1e400")),
                                        null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/g",
                                        NODES.objectNode().put("quote\"d", "line\nbreak é ☃"),
                                        null)),
                        new Event.Moved(Seat.X, 0, "m\u0001")));
        sameAsDataBinding(new ServerMessage.Diff(4, List.of(), new Event.Left(Seat.O)));
    }
}
