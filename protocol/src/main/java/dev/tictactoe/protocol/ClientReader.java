package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * Reads what clients send, strictly: socket messages (plain moves and field-less messages by {@link
 * PlainScanner}, without a parser, the rest from a tree) and the body of {@code POST /api/rooms}.
 * Every error names the field at fault.
 */
final class ClientReader {

    private static final List<String> SEAT_CHOICES = NewRoom.SEAT_CHOICES;
    private static final List<String> LEVELS = BotLevel.WIRE;

    private ClientReader() {}

    /** Decodes a message sent by a client. */
    static ClientMessage decode(String json) {
        try {
            ClientMessage plain = PlainScanner.scan(json);
            return plain != null ? plain : decode(Json.parse(json));
        } catch (ProtocolException e) {
            throw e.ref() != null ? e : e.withRef(refOf(json));
        }
    }

    /**
     * What an unreadable message was, as far as it can be read: its string id, else its string
     * type, either only if it is 1 to {@link Protocol#MAX_MOVE_ID_LENGTH} characters long: an error
     * never echoes a client's oversized string back.
     */
    private static String refOf(String json) {
        JsonNode root;
        try {
            root = Json.parse(json);
        } catch (ProtocolException notJson) {
            return null;
        }
        for (String field : new String[] {"id", "type"}) {
            JsonNode v = root.get(field);
            if (v != null && v.isTextual() && Json.isMoveIdLength(v.textValue())) {
                return v.textValue();
            }
        }
        return null;
    }

    /** Decodes a client message from a parsed tree. */
    static ClientMessage decode(JsonNode root) {
        String type = Json.typeOf(root);
        MessageType known = MessageType.client(type);
        if (known == null) {
            throw Json.unknownType(type);
        }
        Fields f = Fields.of(root, type);
        f.string("type");
        ClientMessage m =
                switch (known) {
                    case JOIN -> join(f);
                    case MOVE -> move(f);
                    case UNDO -> new ClientMessage.Undo();
                    case UNDO_REPLY -> new ClientMessage.UndoReply(f.bool("accept"));
                    case RESIGN -> new ClientMessage.Resign();
                    case CLAIM -> new ClientMessage.Claim();
                    case REMATCH -> new ClientMessage.Rematch();
                    case INVITE_BOT ->
                            new ClientMessage.InviteBot(
                                    f.word("level", BotLevel.values()),
                                    f.optionalWord("seat", Seat.values()));
                    case SYNC -> new ClientMessage.Sync(f.optionalLong("lastVersion", 0));
                    case HISTORY -> new ClientMessage.History();
                    case LEAVE -> new ClientMessage.Leave();
                    case PING ->
                            new ClientMessage.Ping(f.longValue("seq", 0, Protocol.MAX_PING_SEQ));
                    case PONG_REPLY ->
                            new ClientMessage.Pong(f.longValue("seq", 0, Protocol.MAX_PING_SEQ));
                    case PHRASE -> new ClientMessage.Phrase(f.word("phrase", QuickPhrase.values()));
                    default -> throw Json.unknownType(type);
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
        String id = Json.moveId(f, "id");
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

    /**
     * Decodes the body of {@code POST /api/rooms}; omitted fields take their defaults. Malformed
     * JSON is {@code bad_message}; everything else wrong is {@code invalid_settings}.
     */
    static NewRoom decodeNewRoom(String json) {
        JsonNode root = Json.parse(json);
        try {
            Fields f = Fields.of(root, "settings");
            NewRoom d = NewRoom.DEFAULT;
            JsonNode sizeNode = f.optional("size");
            int size =
                    sizeNode == null
                            ? d.size()
                            : Fields.asInt(
                                    sizeNode, f.at("size"), Protocol.MIN_SIZE, Protocol.MAX_SIZE);
            JsonNode winNode = f.optional("winLength");
            int winLength =
                    winNode == null
                            ? NewRoom.defaultWinLength(size)
                            : Fields.asInt(winNode, f.at("winLength"), Protocol.MIN_SIZE, size);
            String seat = f.optionalOneOf("seat", SEAT_CHOICES);
            String first = f.optionalOneOf("first", SEAT_CHOICES);
            boolean earlyDraw = f.optionalBool("earlyDraw", d.earlyDraw());
            boolean spectators = f.optionalBool("spectators", d.spectators());
            String bot = f.optionalOneOf("bot", LEVELS);
            // The server reads the time control itself, with its limits: one rule, in one place.
            String clock = f.optionalString("clock");
            Long botSeed = f.optionalLong("botSeed", 0, Protocol.MAX_BOT_SEED);
            f.end();
            return new NewRoom(
                    size,
                    winLength,
                    seat == null ? d.seat() : seat,
                    first == null ? d.first() : first,
                    earlyDraw,
                    spectators,
                    bot,
                    clock,
                    botSeed);
        } catch (ProtocolException e) {
            throw new ProtocolException(ErrorCode.INVALID_SETTINGS, e.getMessage());
        }
    }
}
