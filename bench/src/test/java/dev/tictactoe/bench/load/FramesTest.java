package dev.tictactoe.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.PatchOp;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

/** The generator's fast frame reading agrees with the codec. */
class FramesTest {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Test
    void aMoveIsWrittenAsTheCodecReadsIt() {
        assertThat(MessageCodec.decodeClient(Frames.move("X12", 34, 4)))
                .isEqualTo(new ClientMessage.Move("X12", 34, 4));
    }

    @Test
    void aMoveIsReadBack() throws Exception {
        String encoded = MessageCodec.encode(new ClientMessage.Move("O7", 9, 8));
        assertThat(Frames.readMove(encoded)).isEqualTo(new Frames.Move("O7", 9, 8));
        assertThat(Frames.readMove(MessageCodec.encode(new ClientMessage.Rematch()))).isNull();
    }

    @Test
    void aDiffYieldsItsVersionTrackedValuesAndMoveId() throws Exception {
        var diff =
                new ServerMessage.Diff(
                        12,
                        List.of(
                                new PatchOp(
                                        PatchOp.Op.REPLACE, "/version", NODES.numberNode(12), null),
                                new PatchOp(PatchOp.Op.REPLACE, "/turn", NODES.nullNode(), null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/status",
                                        NODES.textNode("over"),
                                        null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/board/1",
                                        NODES.textNode(".X."),
                                        null),
                                new PatchOp(
                                        PatchOp.Op.ADD,
                                        "/moves/4",
                                        NODES.objectNode()
                                                .put("seat", "X")
                                                .put("cell", 4)
                                                .put("id", "X3"),
                                        null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/result",
                                        NODES.objectNode().put("winner", "X"),
                                        null),
                                new PatchOp(PatchOp.Op.REMOVE, "/rematch/0", null, null)),
                        new Event.Moved(Seat.X, 4, "X3"));
        Frames.Diff out = new Frames.Diff();

        assertThat(Frames.readDiff(MessageCodec.encode(diff), out)).isTrue();

        assertThat(out.version).isEqualTo(12);
        assertThat(out.movedSeat).isEqualTo("X");
        assertThat(out.moveId).isEqualTo("X3");
        assertThat(Arrays.asList(out.paths).subList(0, out.ops))
                .containsExactly("/version", "/turn", "/status", "/board/1");
        assertThat(Arrays.asList(out.values).subList(0, out.ops))
                .containsExactly("12", null, "over", ".X.");
    }

    @Test
    void aWholeBoardIsReadAsRows() throws Exception {
        var diff =
                new ServerMessage.Diff(
                        3,
                        List.of(
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/board",
                                        NODES.arrayNode().add("...").add("X..").add("..O"),
                                        null)),
                        new Event.RematchStarted(2));
        Frames.Diff out = new Frames.Diff();

        assertThat(Frames.readDiff(MessageCodec.encode(diff), out)).isTrue();

        assertThat(Arrays.asList(out.paths).subList(0, out.ops))
                .containsExactly("/board/0", "/board/1", "/board/2");
        assertThat(Arrays.asList(out.values).subList(0, out.ops))
                .containsExactly("...", "X..", "..O");
        assertThat(out.moveId).isNull();
    }

    @Test
    void otherMessagesAreLeftToTheCodec() throws Exception {
        Frames.Diff out = new Frames.Diff();
        assertThat(Frames.readDiff(MessageCodec.encode(new ServerMessage.Ack("X1", 3)), out))
                .isFalse();
        assertThat(Frames.readDiff("{\"version\":3,\"type\":\"diff\"}", out)).isFalse();
    }
}
