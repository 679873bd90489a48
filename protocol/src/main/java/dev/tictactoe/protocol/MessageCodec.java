package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns messages into JSON and back. Encoding uses Jackson's cached serializers for the records;
 * decoding reads a JSON tree by hand so every error names the exact field at fault, e.g. {@code
 * move.cell: expected an integer, got "a1"}.
 */
public final class MessageCodec {
  private static final List<String> SEATS = List.of(Protocol.X, Protocol.O);
  private static final List<String> FIRST = List.of(Protocol.X, Protocol.O, "random");
  private static final List<String> STATUSES =
      List.of(Snapshot.WAITING, Snapshot.PLAYING, Snapshot.OVER);
  private static final List<String> REASONS =
      List.of("line", "resign", "draw", "dead_draw", "abandoned", "timeout");
  private static final List<String> KINDS = List.of("human", "bot");
  private static final List<String> PATCH_OPS =
      List.of("add", "remove", "replace", "move", "copy", "test");
  private static final int MAX_CELL = Protocol.MAX_SIZE * Protocol.MAX_SIZE - 1;

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
          .build();

  static {
    // Messages are at most 64 KiB; a deep nesting limit stops pathological input early.
    MAPPER
        .getFactory()
        .setStreamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(64)
                .maxStringLength(Protocol.MAX_FRAME_BYTES)
                .maxNumberLength(64)
                .build());
  }

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectReader TREE_READER = MAPPER.reader();
  private static final ObjectWriter CLIENT_WRITER = MAPPER.writerFor(ClientMessage.class);
  private static final ObjectWriter SERVER_WRITER = MAPPER.writerFor(ServerMessage.class);

  private MessageCodec() {}

  /** The shared, pre-configured mapper; do not reconfigure it. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  // ---- encoding

  public static String encode(ClientMessage message) {
    try {
      return CLIENT_WRITER.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + message, e);
    }
  }

  public static String encode(ServerMessage message) {
    if (message instanceof ServerMessage.Diff diff) {
      return new String(DiffWriter.write(MAPPER.getFactory(), diff), StandardCharsets.UTF_8);
    }
    try {
      return SERVER_WRITER.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + message, e);
    }
  }

  /** UTF-8 JSON, so a broadcast is encoded once and the same bytes written to every member. */
  public static byte[] encodeToBytes(ServerMessage message) {
    if (message instanceof ServerMessage.Diff diff) {
      return DiffWriter.write(MAPPER.getFactory(), diff);
    }
    try {
      return SERVER_WRITER.writeValueAsBytes(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + message, e);
    }
  }

  public static byte[] encodeToBytes(ClientMessage message) {
    try {
      return CLIENT_WRITER.writeValueAsBytes(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + message, e);
    }
  }

  /**
   * The snapshot as a JSON tree, the document diffs are computed on. Built by hand rather than
   * through data binding because the server builds one for every change of every room; a test
   * checks it against Jackson's own tree of the record.
   */
  public static ObjectNode toTree(Snapshot snapshot) {
    ObjectNode root = NODES.objectNode();
    root.put("version", snapshot.version());
    root.put("room", snapshot.room());
    root.set("settings", tree(snapshot.settings()));
    root.put("game", snapshot.game());
    root.put("status", snapshot.status());
    root.put("turn", snapshot.turn());
    root.set("board", strings(snapshot.board()));
    ArrayNode moves = root.putArray("moves");
    for (Snapshot.MoveEntry move : snapshot.moves()) {
      moves.add(tree(move));
    }
    root.put("lastMove", snapshot.lastMove());
    root.set("result", tree(snapshot.result()));
    ObjectNode players = root.putObject("players");
    players.set(Protocol.X, tree(snapshot.players().x()));
    players.set(Protocol.O, tree(snapshot.players().o()));
    root.put("spectators", snapshot.spectators());
    root.putObject("score")
        .put(Protocol.X, snapshot.score().x())
        .put(Protocol.O, snapshot.score().o())
        .put("draws", snapshot.score().draws());
    root.put("undoRequest", snapshot.undoRequest());
    root.set("rematch", strings(snapshot.rematch()));
    root.set("clock", tree(snapshot.clock()));
    root.put("claimableAt", snapshot.claimableAt());
    return root;
  }

  static ObjectNode tree(Snapshot.Settings settings) {
    return NODES
        .objectNode()
        .put("size", settings.size())
        .put("winLength", settings.winLength())
        .put("first", settings.first())
        .put("earlyDraw", settings.earlyDraw())
        .put("spectators", settings.spectators())
        .put("clock", settings.clock());
  }

  static JsonNode tree(Snapshot.Clock clock) {
    if (clock == null) {
      return NODES.nullNode();
    }
    return NODES
        .objectNode()
        .put("control", clock.control())
        .put(Protocol.X, clock.x())
        .put(Protocol.O, clock.o())
        .put("running", clock.running())
        .put("turnStartedAt", clock.turnStartedAt())
        .put("deadlineAt", clock.deadlineAt())
        .put("flagged", clock.flagged());
  }

  static ObjectNode tree(Snapshot.MoveEntry move) {
    return NODES.objectNode().put("seat", move.seat()).put("cell", move.cell()).put("id", move.id());
  }

  static JsonNode tree(Snapshot.Result result) {
    if (result == null) {
      return NODES.nullNode();
    }
    ObjectNode r = NODES.objectNode().put("winner", result.winner()).put("reason", result.reason());
    ArrayNode line = r.putArray("line");
    result.line().forEach(line::add);
    return r;
  }

  static JsonNode tree(Snapshot.Player player) {
    if (player == null) {
      return NODES.nullNode();
    }
    return NODES
        .objectNode()
        .put("name", player.name())
        .put("kind", player.kind())
        .put("level", player.level())
        .put("connected", player.connected())
        .put("graceUntil", player.graceUntil());
  }

  static ArrayNode strings(List<String> strings) {
    ArrayNode array = NODES.arrayNode(strings.size());
    strings.forEach(array::add);
    return array;
  }

  /** The wire name of a message's type, e.g. "move" or "undo_reply". */
  public static String typeName(ClientMessage message) {
    return switch (message) {
      case ClientMessage.Join m -> "join";
      case ClientMessage.Move m -> "move";
      case ClientMessage.Undo m -> "undo";
      case ClientMessage.UndoReply m -> "undo_reply";
      case ClientMessage.Resign m -> "resign";
      case ClientMessage.Claim m -> "claim";
      case ClientMessage.Rematch m -> "rematch";
      case ClientMessage.InviteBot m -> "invite_bot";
      case ClientMessage.Sync m -> "sync";
      case ClientMessage.History m -> "history";
      case ClientMessage.Leave m -> "leave";
    };
  }

  /** The wire name of a message's type, e.g. "welcome" or "diff". */
  public static String typeName(ServerMessage message) {
    return switch (message) {
      case ServerMessage.Welcome m -> "welcome";
      case ServerMessage.SnapshotMessage m -> "snapshot";
      case ServerMessage.Diff m -> "diff";
      case ServerMessage.Ack m -> "ack";
      case ServerMessage.Error m -> "error";
      case ServerMessage.HistoryMessage m -> "history";
    };
  }

  // ---- decoding

  /** Parses JSON text into a tree, strictly: one value, no trailing tokens, no duplicate keys. */
  public static JsonNode parse(String json) {
    JsonNode node;
    try {
      node = TREE_READER.readTree(json);
    } catch (JsonProcessingException e) {
      var where = e.getLocation();
      String at = where == null ? "" : " at column " + where.getColumnNr();
      throw new ProtocolException(
          ErrorCode.BAD_MESSAGE, "malformed JSON" + at + ": " + e.getOriginalMessage());
    }
    if (node == null || node.isMissingNode()) {
      throw new ProtocolException(ErrorCode.BAD_MESSAGE, "empty message");
    }
    return node;
  }

  /** Decodes a message sent by a client. */
  public static ClientMessage decodeClient(String json) {
    try {
      ClientMessage plain = PlainScanner.scan(json);
      return plain != null ? plain : decodeClient(parse(json));
    } catch (ProtocolException e) {
      throw e.ref() != null ? e : e.withRef(refOf(json));
    }
  }

  /** What an unreadable message was, as far as it can be read: its string id, else its string type. */
  private static String refOf(String json) {
    JsonNode root;
    try {
      root = parse(json);
    } catch (ProtocolException notJson) {
      return null;
    }
    for (String field : new String[] {"id", "type"}) {
      JsonNode v = root.get(field);
      if (v != null && v.isTextual()) {
        return v.textValue();
      }
    }
    return null;
  }

  /** Decodes a client message from a parsed tree. */
  public static ClientMessage decodeClient(JsonNode root) {
    String type = typeOf(root);
    Fields f = Fields.of(root, type);
    f.string("type");
    ClientMessage m =
        switch (type) {
          case "join" -> join(f);
          case "move" -> move(f);
          case "undo" -> new ClientMessage.Undo();
          case "undo_reply" -> new ClientMessage.UndoReply(f.bool("accept"));
          case "resign" -> new ClientMessage.Resign();
          case "claim" -> new ClientMessage.Claim();
          case "rematch" -> new ClientMessage.Rematch();
          case "invite_bot" ->
              new ClientMessage.InviteBot(
                  f.oneOf("level", Protocol.BOT_LEVELS), f.optionalOneOf("seat", SEATS));
          case "sync" -> new ClientMessage.Sync(f.optionalLong("lastVersion", 0));
          case "history" -> new ClientMessage.History();
          case "leave" -> new ClientMessage.Leave();
          default -> throw unknownType(type);
        };
    f.end();
    return m;
  }

  private static ClientMessage.Join join(Fields f) {
    int protocol = f.integer("protocol", 1, Integer.MAX_VALUE);
    // The room checks the name, with its own length limit: one rule, in one place.
    String name = f.string("name");
    String token = f.optionalString("token");
    boolean spectate = f.optionalBool("spectate", false);
    Long lastVersion = f.optionalLong("lastVersion", 0);
    return new ClientMessage.Join(protocol, name, token, spectate, lastVersion);
  }

  private static ClientMessage.Move move(Fields f) {
    String id = moveId(f, "id");
    long version = f.longValue("version", 0);
    JsonNode cellNode = f.required("cell");
    if (cellNode.isIntegralNumber() && cellNode.canConvertToInt() && cellNode.intValue() < 0) {
      // A negative cell is well-formed but off the board: same code as a cell past the end.
      throw new ProtocolException(
          ErrorCode.OUT_OF_RANGE,
          f.at("cell") + ": " + cellNode.intValue() + " is not on the board");
    }
    int cell = Fields.asInt(cellNode, f.at("cell"), 0, Integer.MAX_VALUE);
    return new ClientMessage.Move(id, version, cell);
  }

  private static String moveId(Fields f, String field) {
    String id = f.string(field);
    if (id.isEmpty() || id.length() > Protocol.MAX_MOVE_ID_LENGTH) {
      throw Fields.bad(
          f.at(field),
          "expected 1.." + Protocol.MAX_MOVE_ID_LENGTH + " characters, got " + id.length());
    }
    return id;
  }

  /** Decodes a message sent by the server. */
  public static ServerMessage decodeServer(String json) {
    return decodeServer(parse(json));
  }

  /** Decodes a server message from a parsed tree. */
  public static ServerMessage decodeServer(JsonNode root) {
    String type = typeOf(root);
    Fields f = Fields.of(root, type);
    f.string("type");
    ServerMessage m =
        switch (type) {
          case "welcome" ->
              new ServerMessage.Welcome(
                  f.integer("protocol", 1, Integer.MAX_VALUE),
                  f.string("room"),
                  f.nullableOneOf("seat", SEATS),
                  f.nullableString("token"),
                  f.optionalLong("serverTime", 0),
                  snapshot(f.object("snapshot")));
          case "snapshot" ->
              new ServerMessage.SnapshotMessage(
                  f.optionalLong("serverTime", 0), snapshot(f.object("snapshot")));
          case "diff" ->
              new ServerMessage.Diff(
                  f.longValue("version", 1),
                  f.array("ops", e -> patchOp(e.object())),
                  event(f.present("event"), f.at("event")));
          case "ack" -> new ServerMessage.Ack(moveId(f, "id"), f.longValue("version", 0));
          case "error" -> error(f);
          case "history" ->
              new ServerMessage.HistoryMessage(f.array("games", e -> gameRecord(e.object())));
          default -> throw unknownType(type);
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

  /** Reads a snapshot document, as sent in welcome and snapshot messages or rebuilt by a client. */
  public static Snapshot fromTree(JsonNode tree) {
    return snapshot(Fields.of(tree, "snapshot"));
  }

  private static Snapshot snapshot(Fields f) {
    long version = f.longValue("version", 0);
    String room = f.string("room");
    Snapshot.Settings settings = settings(f.object("settings"));
    int game = f.integer("game", 1, Integer.MAX_VALUE);
    String status = f.oneOf("status", STATUSES);
    String turn = f.nullableOneOf("turn", SEATS);
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
                    "expected " + size + " characters of X, O or '.', got " + Fields.show(row));
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
                      m.oneOf("seat", SEATS), m.integer("cell", 0, maxCell), m.string("id"));
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
    String undoRequest = f.nullableOneOf("undoRequest", SEATS);
    List<String> rematch = f.array("rematch", e -> Fields.checkOneOf(e.string(), e.path(), SEATS));
    // Optional so documents from before clocks still read.
    JsonNode clockNode = f.optional("clock");
    Snapshot.Clock clock = clockNode == null ? null : clock(Fields.of(clockNode, f.at("clock")));
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
            f.optionalLong(Protocol.X, 0),
            f.optionalLong(Protocol.O, 0),
            f.nullableOneOf("running", SEATS),
            f.optionalLong("turnStartedAt", 0),
            f.optionalLong("deadlineAt", 0),
            f.nullableOneOf("flagged", SEATS));
    f.end();
    return c;
  }

  private static Snapshot.Settings settings(Fields f) {
    int size = f.integer("size", Protocol.MIN_SIZE, Protocol.MAX_SIZE);
    var s =
        new Snapshot.Settings(
            size,
            f.integer("winLength", Protocol.MIN_SIZE, size),
            f.oneOf("first", FIRST),
            f.bool("earlyDraw"),
            f.bool("spectators"),
            f.optionalString("clock"));
    f.end();
    return s;
  }

  private static Snapshot.Result result(Fields f, int maxCell) {
    var r =
        new Snapshot.Result(
            f.nullableOneOf("winner", SEATS),
            f.oneOf("reason", REASONS),
            f.array("line", e -> e.integer(0, maxCell)));
    f.end();
    return r;
  }

  private static Snapshot.Players players(Fields f) {
    JsonNode x = f.present(Protocol.X);
    JsonNode o = f.present(Protocol.O);
    f.end();
    return new Snapshot.Players(
        x == null ? null : player(Fields.of(x, f.at(Protocol.X))),
        o == null ? null : player(Fields.of(o, f.at(Protocol.O))));
  }

  private static Snapshot.Player player(Fields f) {
    var p =
        new Snapshot.Player(
            f.string("name"),
            f.oneOf("kind", KINDS),
            f.nullableOneOf("level", Protocol.BOT_LEVELS),
            f.bool("connected"),
            f.optionalLong("graceUntil", 0));
    f.end();
    return p;
  }

  private static Snapshot.Score score(Fields f) {
    var s =
        new Snapshot.Score(
            f.integer(Protocol.X, 0, Integer.MAX_VALUE),
            f.integer(Protocol.O, 0, Integer.MAX_VALUE),
            f.integer("draws", 0, Integer.MAX_VALUE));
    f.end();
    return s;
  }

  private static GameRecord gameRecord(Fields f) {
    var g =
        new GameRecord(
            f.integer("game", 1, Integer.MAX_VALUE),
            f.oneOf("first", SEATS),
            f.array("moves", e -> e.integer(0, MAX_CELL)),
            f.nullableOneOf("winner", SEATS),
            f.oneOf("reason", REASONS),
            f.array("line", e -> e.integer(0, MAX_CELL)));
    f.end();
    return g;
  }

  private static PatchOp patchOp(Fields f) {
    String op = f.oneOf("op", PATCH_OPS);
    String path = f.string("path");
    PatchOp p =
        switch (op) {
          case "add", "replace", "test" -> new PatchOp(op, path, f.required("value"));
          case "move", "copy" -> new PatchOp(op, path, null, f.string("from"));
          default -> PatchOp.remove(path);
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
    Event e =
        switch (kind) {
          case "moved" ->
              new Event.Moved(
                  f.oneOf("seat", SEATS), f.integer("cell", 0, MAX_CELL), f.string("moveId"));
          case "joined" -> new Event.Joined(f.oneOf("seat", SEATS), f.string("name"));
          case "bot_joined" ->
              new Event.BotJoined(f.oneOf("seat", SEATS), f.oneOf("level", Protocol.BOT_LEVELS));
          case "left" -> new Event.Left(f.oneOf("seat", SEATS));
          case "disconnected" -> new Event.Disconnected(f.oneOf("seat", SEATS));
          case "reconnected" -> new Event.Reconnected(f.oneOf("seat", SEATS));
          case "undo_requested" -> new Event.UndoRequested(f.oneOf("seat", SEATS));
          case "undo_declined" -> new Event.UndoDeclined(f.oneOf("seat", SEATS));
          case "undone" ->
              new Event.Undone(
                  f.oneOf("seat", SEATS), f.array("cells", c -> c.integer(0, MAX_CELL)));
          case "resigned" -> new Event.Resigned(f.oneOf("seat", SEATS));
          case "rematch_offered" -> new Event.RematchOffered(f.oneOf("seat", SEATS));
          case "rematch_started" ->
              new Event.RematchStarted(f.integer("game", 1, Integer.MAX_VALUE));
          case "game_over" ->
              new Event.GameOver(f.nullableOneOf("winner", SEATS), f.oneOf("reason", REASONS));
          case "spectators_changed" ->
              new Event.SpectatorsChanged(f.integer("count", 0, Integer.MAX_VALUE));
          default -> throw Fields.bad(path + ".kind", "unknown event kind " + Fields.show(kind));
        };
    f.end();
    return e;
  }

  /** Encodes the body of {@code POST /api/rooms}. */
  public static String encode(NewRoom room) {
    try {
      return MAPPER.writeValueAsString(room);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + room, e);
    }
  }

  /**
   * Decodes the body of {@code POST /api/rooms}; omitted fields take their defaults. Malformed JSON
   * is {@code bad_message}; everything else wrong is {@code invalid_settings}.
   */
  public static NewRoom decodeNewRoom(String json) {
    JsonNode root = parse(json);
    try {
      Fields f = Fields.of(root, "settings");
      NewRoom d = NewRoom.DEFAULT;
      JsonNode sizeNode = f.optional("size");
      int size =
          sizeNode == null
              ? d.size()
              : Fields.asInt(sizeNode, f.at("size"), Protocol.MIN_SIZE, Protocol.MAX_SIZE);
      JsonNode winNode = f.optional("winLength");
      int winLength =
          winNode == null
              ? NewRoom.defaultWinLength(size)
              : Fields.asInt(winNode, f.at("winLength"), Protocol.MIN_SIZE, size);
      String seat = f.optionalOneOf("seat", FIRST);
      String first = f.optionalOneOf("first", FIRST);
      boolean earlyDraw = f.optionalBool("earlyDraw", d.earlyDraw());
      boolean spectators = f.optionalBool("spectators", d.spectators());
      String bot = f.optionalOneOf("bot", Protocol.BOT_LEVELS);
      // The server reads the time control itself, with its limits: one rule, in one place.
      String clock = f.optionalString("clock");
      f.end();
      return new NewRoom(
          size,
          winLength,
          seat == null ? d.seat() : seat,
          first == null ? d.first() : first,
          earlyDraw,
          spectators,
          bot,
          clock);
    } catch (ProtocolException e) {
      throw new ProtocolException(ErrorCode.INVALID_SETTINGS, e.getMessage());
    }
  }

  private static String typeOf(JsonNode root) {
    if (!root.isObject()) {
      throw new ProtocolException(
          ErrorCode.BAD_MESSAGE, "expected a JSON object, got " + Fields.show(root));
    }
    JsonNode type = root.get("type");
    if (type == null) {
      throw new ProtocolException(ErrorCode.BAD_MESSAGE, "missing field \"type\"");
    }
    return Fields.asString(type, "type");
  }

  private static ProtocolException unknownType(String type) {
    return new ProtocolException(
        ErrorCode.BAD_MESSAGE, "unknown message type " + Fields.show(type));
  }
}
