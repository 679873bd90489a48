package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * Reads what the server sends, as strictly as the server reads clients: messages, the snapshot
 * document, diffs' operations and events. Clients use it; the server's tests check its output with
 * it.
 */
final class ServerReader {

    private static final Seat[] SEATS = Seat.values();
    private static final RoomStatus[] STATUSES = RoomStatus.values();
    private static final ResultReason[] REASONS = ResultReason.values();
    private static final PlayerKind[] KINDS = PlayerKind.values();
    private static final BotLevel[] LEVELS = BotLevel.values();
    private static final QuickPhrase[] PHRASES = QuickPhrase.values();
    private static final int MAX_CELL = Protocol.MAX_SIZE * Protocol.MAX_SIZE - 1;

    private ServerReader() {}

    /** Decodes a message sent by the server. */
    static ServerMessage decode(String json) {
        return decode(Json.parse(json));
    }

    /** Decodes a server message from a parsed tree. */
    static ServerMessage decode(JsonNode root) {
        String type = Json.typeOf(root);
        MessageType known = MessageType.server(type);
        if (known == null) {
            throw Json.unknownType(type);
        }
        Fields f = Fields.of(root, type);
        f.string("type");
        ServerMessage m =
                switch (known) {
                    case WELCOME ->
                            new ServerMessage.Welcome(
                                    f.integer("protocol", 1, Integer.MAX_VALUE),
                                    f.string("room"),
                                    f.nullableWord("seat", SEATS),
                                    f.nullableString("token"),
                                    f.optionalLong("serverTime", 0),
                                    snapshot(f.object("snapshot")));
                    case SNAPSHOT ->
                            new ServerMessage.SnapshotMessage(
                                    f.optionalLong("serverTime", 0),
                                    snapshot(f.object("snapshot")));
                    case DIFF ->
                            new ServerMessage.Diff(
                                    f.longValue("version", 1),
                                    f.array("ops", e -> patchOp(e.object())),
                                    event(f.present("event"), f.at("event")));
                    case PONG -> new ServerMessage.Pong(f.longValue("seq", 0));
                    case PING_CHECK -> new ServerMessage.Ping(f.longValue("seq", 0));
                    case PHRASE_SAID ->
                            new ServerMessage.Phrase(
                                    f.word("seat", SEATS), f.word("phrase", PHRASES));
                    case ACK ->
                            new ServerMessage.Ack(Json.moveId(f, "id"), f.longValue("version", 0));
                    case ERROR -> error(f);
                    case HISTORY_MESSAGE ->
                            new ServerMessage.HistoryMessage(
                                    f.array("games", e -> gameRecord(e.object())));
                    default -> throw Json.unknownType(type);
                };
        f.end();
        return m;
    }

    private static ServerMessage.Error error(Fields f) {
        String wire = f.string("code");
        ErrorCode code = ErrorCode.fromWire(wire);
        if (code == null) {
            throw Fields.bad(f.at("code"), "unknown error code " + Fields.show(wire));
        }
        return new ServerMessage.Error(code, f.string("message"), f.nullableString("ref"));
    }

    /**
     * Reads a snapshot document, as sent in welcome and snapshot messages or rebuilt by a client.
     */
    static Snapshot fromTree(JsonNode tree) {
        return snapshot(Fields.of(tree, "snapshot"));
    }

    private static Snapshot snapshot(Fields f) {
        long version = f.longValue("version", 0);
        String room = f.string("room");
        Snapshot.Settings settings = settings(f.object("settings"));
        int game = f.integer("game", 1, Integer.MAX_VALUE);
        RoomStatus status = f.word("status", STATUSES);
        Seat turn = f.nullableWord("turn", SEATS);
        int size = settings.size();
        int maxCell = size * size - 1;
        List<String> board =
                f.array(
                        "board",
                        e -> {
                            String row = e.string();
                            if (row.length() != size || !row.matches("[XO.]*")) {
                                throw Fields.bad(
                                        e.path(),
                                        "expected "
                                                + size
                                                + " characters of X, O or '.', got "
                                                + Fields.show(row));
                            }
                            return row;
                        });
        if (board.size() != size) {
            throw Fields.bad(f.at("board"), "expected " + size + " rows, got " + board.size());
        }
        List<Snapshot.MoveEntry> moves =
                f.array(
                        "moves",
                        e -> {
                            Fields m = e.object();
                            var entry =
                                    new Snapshot.MoveEntry(
                                            m.word("seat", SEATS),
                                            m.integer("cell", 0, maxCell),
                                            m.string("id"));
                            m.end();
                            return entry;
                        });
        Integer lastMove = f.nullableInteger("lastMove", 0, maxCell);
        JsonNode resultNode = f.present("result");
        Snapshot.Result result =
                resultNode == null ? null : result(Fields.of(resultNode, f.at("result")), maxCell);
        Snapshot.Players players = players(f.object("players"));
        int spectators = f.integer("spectators", 0, Integer.MAX_VALUE);
        Snapshot.Score score = score(f.object("score"));
        Seat undoRequest = f.nullableWord("undoRequest", SEATS);
        List<Seat> rematch = f.array("rematch", e -> e.word(SEATS));
        // Optional so documents from before clocks still read.
        JsonNode clockNode = f.optional("clock");
        Snapshot.Clock clock =
                clockNode == null ? null : clock(Fields.of(clockNode, f.at("clock")));
        Long claimableAt = f.optionalLong("claimableAt", 0);
        f.end();
        return new Snapshot(
                version,
                room,
                settings,
                game,
                status,
                turn,
                board,
                moves,
                lastMove,
                result,
                players,
                spectators,
                score,
                undoRequest,
                rematch,
                clock,
                claimableAt);
    }

    private static Snapshot.Clock clock(Fields f) {
        var c =
                new Snapshot.Clock(
                        f.string("control"),
                        f.optionalLong(Seat.X.wire(), 0),
                        f.optionalLong(Seat.O.wire(), 0),
                        f.nullableWord("running", SEATS),
                        f.optionalLong("turnStartedAt", 0),
                        f.optionalLong("deadlineAt", 0),
                        f.nullableWord("flagged", SEATS));
        f.end();
        return c;
    }

    private static Snapshot.Settings settings(Fields f) {
        int size = f.integer("size", Protocol.MIN_SIZE, Protocol.MAX_SIZE);
        var s =
                new Snapshot.Settings(
                        size,
                        f.integer("winLength", Protocol.MIN_SIZE, size),
                        f.word("first", SEATS),
                        f.bool("earlyDraw"),
                        f.bool("spectators"),
                        f.optionalString("clock"));
        f.end();
        return s;
    }

    private static Snapshot.Result result(Fields f, int maxCell) {
        var r =
                new Snapshot.Result(
                        f.nullableWord("winner", SEATS),
                        f.word("reason", REASONS),
                        f.array("line", e -> e.integer(0, maxCell)));
        f.end();
        return r;
    }

    private static Snapshot.Players players(Fields f) {
        JsonNode x = f.present(Seat.X.wire());
        JsonNode o = f.present(Seat.O.wire());
        f.end();
        return new Snapshot.Players(
                x == null ? null : player(Fields.of(x, f.at(Seat.X.wire()))),
                o == null ? null : player(Fields.of(o, f.at(Seat.O.wire()))));
    }

    private static Snapshot.Player player(Fields f) {
        var p =
                new Snapshot.Player(
                        f.string("name"),
                        f.word("kind", KINDS),
                        f.nullableWord("level", LEVELS),
                        f.bool("connected"),
                        f.optionalLong("graceUntil", 0));
        f.end();
        return p;
    }

    private static Snapshot.Score score(Fields f) {
        var s =
                new Snapshot.Score(
                        f.integer(Seat.X.wire(), 0, Integer.MAX_VALUE),
                        f.integer(Seat.O.wire(), 0, Integer.MAX_VALUE),
                        f.integer("draws", 0, Integer.MAX_VALUE));
        f.end();
        return s;
    }

    private static GameRecord gameRecord(Fields f) {
        var g =
                new GameRecord(
                        f.integer("game", 1, Integer.MAX_VALUE),
                        f.word("first", SEATS),
                        f.array("moves", e -> e.integer(0, MAX_CELL)),
                        f.nullableWord("winner", SEATS),
                        f.word("reason", REASONS),
                        f.array("line", e -> e.integer(0, MAX_CELL)));
        f.end();
        return g;
    }

    private static PatchOp patchOp(Fields f) {
        PatchOp.Op op = PatchOp.Op.fromWire(f.oneOf("op", PatchOp.Op.WIRE));
        String path = f.string("path");
        PatchOp p =
                switch (op) {
                    case ADD, REPLACE, TEST -> new PatchOp(op, path, f.required("value"));
                    case MOVE, COPY -> new PatchOp(op, path, null, f.string("from"));
                    case REMOVE -> PatchOp.remove(path);
                };
        f.end();
        return p;
    }

    private static Event event(JsonNode node, String path) {
        if (node == null) {
            return null;
        }
        Fields f = Fields.of(node, path);
        String kind = f.string("kind");
        EventKind known = EventKind.fromWire(kind);
        if (known == null) {
            throw Fields.bad(path + ".kind", "unknown event kind " + Fields.show(kind));
        }
        Event e =
                switch (known) {
                    case MOVED ->
                            new Event.Moved(
                                    f.word("seat", SEATS),
                                    f.integer("cell", 0, MAX_CELL),
                                    f.string("moveId"));
                    case JOINED -> new Event.Joined(f.word("seat", SEATS), f.string("name"));
                    case BOT_JOINED ->
                            new Event.BotJoined(f.word("seat", SEATS), f.word("level", LEVELS));
                    case LEFT -> new Event.Left(f.word("seat", SEATS));
                    case DISCONNECTED -> new Event.Disconnected(f.word("seat", SEATS));
                    case RECONNECTED -> new Event.Reconnected(f.word("seat", SEATS));
                    case UNDO_REQUESTED -> new Event.UndoRequested(f.word("seat", SEATS));
                    case UNDO_DECLINED -> new Event.UndoDeclined(f.word("seat", SEATS));
                    case UNDONE ->
                            new Event.Undone(
                                    f.word("seat", SEATS),
                                    f.array("cells", c -> c.integer(0, MAX_CELL)));
                    case RESIGNED -> new Event.Resigned(f.word("seat", SEATS));
                    case REMATCH_OFFERED -> new Event.RematchOffered(f.word("seat", SEATS));
                    case REMATCH_STARTED ->
                            new Event.RematchStarted(f.integer("game", 1, Integer.MAX_VALUE));
                    case GAME_OVER ->
                            new Event.GameOver(
                                    f.nullableWord("winner", SEATS), f.word("reason", REASONS));
                    case SPECTATORS_CHANGED ->
                            new Event.SpectatorsChanged(f.integer("count", 0, Integer.MAX_VALUE));
                };
        f.end();
        return e;
    }
}
