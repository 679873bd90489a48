package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.jsontype.NamedType;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** Each message record and its {@code type}; some types name a message in each direction. */
public enum MessageType implements WireWord {
    JOIN("join", ClientMessage.Join.class),
    MOVE("move", ClientMessage.Move.class),
    UNDO("undo", ClientMessage.Undo.class),
    UNDO_REPLY("undo_reply", ClientMessage.UndoReply.class),
    RESIGN("resign", ClientMessage.Resign.class),
    CLAIM("claim", ClientMessage.Claim.class),
    REMATCH("rematch", ClientMessage.Rematch.class),
    INVITE_BOT("invite_bot", ClientMessage.InviteBot.class),
    SYNC("sync", ClientMessage.Sync.class),
    HISTORY("history", ClientMessage.History.class),
    LEAVE("leave", ClientMessage.Leave.class),
    PING("ping", ClientMessage.Ping.class),
    PHRASE("phrase", ClientMessage.Phrase.class),
    PONG_REPLY("pong", ClientMessage.Pong.class),

    WELCOME("welcome", ServerMessage.Welcome.class),
    SNAPSHOT("snapshot", ServerMessage.SnapshotMessage.class),
    DIFF("diff", ServerMessage.Diff.class),
    ACK("ack", ServerMessage.Ack.class),
    ERROR("error", ServerMessage.ErrorMessage.class),
    HISTORY_MESSAGE("history", ServerMessage.HistoryMessage.class),
    PONG("pong", ServerMessage.Pong.class),
    PHRASE_SAID("phrase", ServerMessage.Phrase.class),
    PING_CHECK("ping", ServerMessage.Ping.class);

    private static final MessageType[] ALL = values();
    private static final Map<Class<?>, MessageType> BY_TYPE = new HashMap<>();
    private static final Map<String, MessageType> FROM_CLIENTS = new HashMap<>();
    private static final Map<String, MessageType> FROM_SERVERS = new HashMap<>();

    static {
        for (MessageType t : ALL) {
            BY_TYPE.put(t.type, t);
            (t.fromClient() ? FROM_CLIENTS : FROM_SERVERS).put(t.wire, t);
        }
    }

    private final String wire;
    private final Class<?> type;

    MessageType(String wire, Class<?> type) {
        this.wire = wire;
        this.type = type;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    public Class<?> type() {
        return type;
    }

    public boolean fromClient() {
        return ClientMessage.class.isAssignableFrom(type);
    }

    public static MessageType of(ClientMessage message) {
        return ofRecord(message.getClass());
    }

    public static MessageType of(ServerMessage message) {
        return ofRecord(message.getClass());
    }

    /** Every message record is in the table: MessageTypeTest checks it against the sealed roots. */
    private static MessageType ofRecord(Class<?> record) {
        return Objects.requireNonNull(BY_TYPE.get(record), record::getName);
    }

    public static @Nullable MessageType client(String text) {
        return FROM_CLIENTS.get(text);
    }

    public static @Nullable MessageType server(String text) {
        return FROM_SERVERS.get(text);
    }

    static NamedType[] namedTypes() {
        return Arrays.stream(ALL).map(t -> new NamedType(t.type, t.wire)).toArray(NamedType[]::new);
    }
}
