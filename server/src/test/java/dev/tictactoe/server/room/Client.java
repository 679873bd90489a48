package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.StockPatch;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A member that records what the room sent it, decoded, and keeps its own copy of the snapshot by
 * applying the diffs it receives, as a client would.
 */
final class Client implements Member {

    final RoomDriver driver;
    final Session session;
    final List<ServerMessage> received = new ArrayList<>();
    boolean writable = true;
    Integer closedWith;

    /** The connection dropped: it sends nothing more. */
    boolean dropped;

    /** The snapshot as this member knows it, rebuilt from welcome, snapshots and diffs. */
    JsonNode view;

    long viewVersion = -1;

    /** Diffs that did not follow on from the view: the member would have to sync. */
    int gaps;

    Client(RoomDriver driver) {
        this.driver = driver;
        this.session = new Session(this, driver.room);
    }

    @Override
    public void send(Outgoing message) {
        assertThat(closedWith).as("a write after close").isNull();
        ServerMessage decoded =
                MessageCodec.decodeServer(new String(message.bytes(), StandardCharsets.UTF_8));
        received.add(decoded);
        switch (decoded) {
            case ServerMessage.Welcome w -> replace(w.snapshot());
            case ServerMessage.SnapshotMessage s -> replace(s.snapshot());
            case ServerMessage.Diff d -> {
                if (d.version() == viewVersion + 1) {
                    JsonNode stock =
                            StockPatch.apply(
                                    view,
                                    MessageCodec.parse(
                                                    new String(
                                                            message.bytes(),
                                                            StandardCharsets.UTF_8))
                                            .get("ops"));
                    view = StockPatch.apply(view, d.ops());
                    // Compared as text: the same JSON may be held with different numeric types.
                    assertThat(stock.toString())
                            .as("the stock JSON Patch library at version %d", d.version())
                            .isEqualTo(view.toString());
                    viewVersion = d.version();
                } else if (d.version() > viewVersion + 1) {
                    gaps++;
                }
            }
            default -> {}
        }
    }

    private void replace(Snapshot snapshot) {
        view = MessageCodec.toTree(snapshot);
        viewVersion = snapshot.version();
    }

    @Override
    public boolean writable() {
        return writable;
    }

    @Override
    public void close(int code, String reason) {
        if (closedWith == null) {
            closedWith = code;
            // The transport reports the closed connection back, as a channel would.
            driver.room.disconnected(session);
        }
    }

    /** Hands a message to the room and runs the room's loop until it is idle. */
    Client send(ClientMessage message) {
        driver.room.receive(session, message);
        driver.runTasks();
        return this;
    }

    Client move(int cell) {
        return move("m" + received.size(), cell);
    }

    Client move(String id, int cell) {
        return send(new ClientMessage.Move(id, driver.snapshot().version(), cell));
    }

    /** Joins again with this member's seat token on a new connection. */
    Client rejoin() {
        Client again = driver.connect();
        again.send(new ClientMessage.Join(Protocol.VERSION, "again", token(), false, viewVersion));
        again.lastOf(ServerMessage.Welcome.class);
        return again;
    }

    /** The connection drops without a word. */
    void drop() {
        driver.room.disconnected(session);
        driver.runTasks();
    }

    String token() {
        return received.stream()
                .filter(ServerMessage.Welcome.class::isInstance)
                .map(ServerMessage.Welcome.class::cast)
                .reduce((a, b) -> b)
                .orElseThrow()
                .token();
    }

    Seat seat() {
        return lastOf(ServerMessage.Welcome.class).seat();
    }

    <T extends ServerMessage> T lastOf(Class<T> type) {
        for (int i = received.size() - 1; i >= 0; i--) {
            if (type.isInstance(received.get(i))) {
                return type.cast(received.get(i));
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " among " + received);
    }

    ServerMessage last() {
        return received.get(received.size() - 1);
    }

    /** The code of the last message if it is an error. */
    ErrorCode lastError() {
        return last() instanceof ServerMessage.ErrorMessage e ? e.code() : null;
    }

    /** The member's own copy of the snapshot. */
    Snapshot view() {
        return MessageCodec.fromTree(view);
    }
}
