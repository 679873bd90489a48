package dev.tictactoe.server.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.client.GameConnection;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.StockPatch;

import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The sync invariant: for every member, the snapshot it was given plus the diffs it received, in
 * order and without gaps, equals the server's snapshot at every version — through random games,
 * joins, leaves, reconnects and refused moves; and a stock JSON Patch library applying the same
 * diffs agrees with ours.
 */
class SyncInvariantIT {

    private static final long WAIT_MILLIS = 10_000;

    /** A member that applies what it receives strictly, remembering its state at every version. */
    private static final class Member implements GameConnection.Listener {
        final TreeMap<Long, JsonNode> states = new TreeMap<>();
        final List<String> problems = new ArrayList<>();
        GameConnection connection;
        Seat seat;
        String token;

        /** The state, with every diff applied by the stock JSON Patch library. */
        private JsonNode tree;

        private long version = -1;

        @Override
        public void onText(String text) {
            onMessage(MessageCodec.decodeServer(text));
        }

        synchronized void onMessage(ServerMessage message) {
            switch (message) {
                case ServerMessage.Welcome w -> {
                    seat = w.seat();
                    token = w.token();
                    replace(MessageCodec.toTree(w.snapshot()));
                }
                case ServerMessage.SnapshotMessage s -> replace(MessageCodec.toTree(s.snapshot()));
                case ServerMessage.Diff d -> {
                    if (d.version() <= version) {
                        // A replay of what this member already applied, answering a sync sent while
                        // the diff was on its way: clients skip it by version.
                        break;
                    }
                    if (d.version() != version + 1) {
                        problems.add("gap: at " + version + ", got diff " + d.version());
                    }
                    tree = StockPatch.apply(tree, d.ops());
                    version = d.version();
                    states.put(version, tree);
                    if (tree.get("version").asLong() != version) {
                        problems.add(
                                "diff " + version + " produced version " + tree.get("version"));
                    }
                }
                default -> {}
            }
            notifyAll();
        }

        private void replace(JsonNode snapshot) {
            tree = snapshot;
            version = snapshot.get("version").asLong();
            states.put(version, tree);
        }

        synchronized JsonNode awaitState(long atLeast) throws InterruptedException {
            long deadline = System.currentTimeMillis() + WAIT_MILLIS;
            while (version < atLeast) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    throw new AssertionError(
                            "member "
                                    + seat
                                    + " stuck at version "
                                    + version
                                    + ", wanted "
                                    + atLeast);
                }
                wait(left);
            }
            return tree;
        }

        synchronized JsonNode current() {
            return tree;
        }

        void send(ClientMessage message) {
            connection.send(message);
        }

        void sendText(String json) {
            connection.write(new TextWebSocketFrame(json));
        }
    }

    @Test
    void snapshotPlusDiffsEqualsTheServerSnapshotAtEveryVersion() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        EventLoopGroup group = GameConnection.newGroup(2);
        try (TestServer server = new TestServer()) {
            String code = server.create(new NewRoom(5, 4, "X", "X", false, true, null, null, null));
            List<Member> everyone = new ArrayList<>();
            Member x = join(server, group, code, "ana", false, null, everyone);
            Member o = join(server, group, code, "bob", false, null, everyone);
            List<Member> watchers = new ArrayList<>();
            int moveIds = 0;

            for (int step = 0; step < 250; step++) {
                JsonNode state = x.current();
                String status = state.get("status").asText();
                String turn = state.get("turn").asText(null);
                int roll = random.nextInt(100);
                if ("over".equals(status)) {
                    x.send(new ClientMessage.Rematch());
                    o.send(new ClientMessage.Rematch());
                } else if (roll < 55 && turn != null) {
                    Member mover = turn.equals(x.seat.wire()) ? x : o;
                    mover.send(
                            new ClientMessage.Move(
                                    "m" + moveIds++,
                                    mover.current().get("version").asLong(),
                                    freeCell(mover.current(), random)));
                } else if (roll < 65) {
                    // Refused moves: the wrong seat, or a taken or missing cell.
                    // As text: the record refuses a cell off the board, the server must too.
                    Member wrong = random.nextBoolean() ? x : o;
                    wrong.sendText(
                            "{\"type\":\"move\",\"id\":\"bad"
                                    + moveIds++
                                    + "\",\"version\":"
                                    + wrong.current().get("version").asLong()
                                    + ",\"cell\":"
                                    + random.nextInt(-2, 28)
                                    + "}");
                } else if (roll < 72) {
                    watchers.add(join(server, group, code, "watcher" + step, true, null, everyone));
                } else if (roll < 78 && !watchers.isEmpty()) {
                    Member leaving = watchers.remove(random.nextInt(watchers.size()));
                    leaving.connection
                            .close(CloseCodes.NORMAL, "")
                            .get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                    everyone.remove(leaving);
                } else if (roll < 84) {
                    // A player's connection drops and comes back with the seat token.
                    boolean isX = random.nextBoolean();
                    Member dropped = isX ? x : o;
                    dropped.connection.abort().get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                    everyone.remove(dropped);
                    Member back =
                            join(
                                    server,
                                    group,
                                    code,
                                    dropped.seat.wire(),
                                    false,
                                    dropped.token,
                                    everyone);
                    if (isX) {
                        x = back;
                    } else {
                        o = back;
                    }
                } else if (roll < 90) {
                    Member asker = random.nextBoolean() ? x : o;
                    asker.send(new ClientMessage.Undo());
                    Member other = asker == x ? o : x;
                    other.send(new ClientMessage.UndoReply(random.nextBoolean()));
                } else if (roll < 93) {
                    (random.nextBoolean() ? x : o).send(new ClientMessage.Resign());
                } else {
                    Member any = everyone.get(random.nextInt(everyone.size()));
                    any.send(new ClientMessage.Sync(any.current().get("version").asLong()));
                }
                checkAgainstServer(server, code, everyone);
            }
            for (Member member : everyone) {
                assertThat(member.problems).as("member %s", member.seat).isEmpty();
            }
            assertThat(x.current().get("game").asInt() + x.current().get("moves").size())
                    .isGreaterThan(5);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static Member join(
            TestServer server,
            EventLoopGroup group,
            String code,
            String name,
            boolean spectate,
            String token,
            List<Member> everyone)
            throws Exception {
        Member member = new Member();
        member.connection =
                GameConnection.open(
                                ServerAddress.parse("127.0.0.1:" + server.server.port()).ws(code),
                                group,
                                member,
                                GameConnection.DEFAULT_OPEN_TIMEOUT,
                                null)
                        .get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        member.send(new ClientMessage.Join(Protocol.VERSION, name, token, spectate, null));
        member.awaitState(0);
        everyone.add(member);
        return member;
    }

    /** The server's snapshot now, and every member's state at that same version: equal. */
    private static void checkAgainstServer(TestServer server, String code, List<Member> everyone)
            throws Exception {
        JsonNode truth = server.room(code);
        long version = truth.get("version").asLong();
        for (Member member : everyone) {
            member.awaitState(version);
            Map.Entry<Long, JsonNode> at = member.states.floorEntry(version);
            if (at != null && at.getKey() == version) {
                // Compared as text: the same JSON may be held with different numeric node types.
                assertThat(at.getValue().toString())
                        .as("member %s at version %d", member.seat, version)
                        .isEqualTo(truth.toString());
            }
        }
    }

    private static int freeCell(JsonNode state, SplittableRandom random) {
        StringBuilder board = new StringBuilder();
        state.get("board").forEach(row -> board.append(row.asText()));
        List<Integer> free = new ArrayList<>();
        for (int i = 0; i < board.length(); i++) {
            if (board.charAt(i) == '.') {
                free.add(i);
            }
        }
        return free.isEmpty() ? 0 : free.get(random.nextInt(free.size()));
    }
}
