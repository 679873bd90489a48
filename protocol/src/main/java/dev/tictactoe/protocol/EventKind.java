package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.jsontype.NamedType;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** The table of event kinds: each {@link Event} record and its {@code kind} on the wire. */
public enum EventKind implements WireWord {
    MOVED("moved", Event.Moved.class),
    JOINED("joined", Event.Joined.class),
    BOT_JOINED("bot_joined", Event.BotJoined.class),
    LEFT("left", Event.Left.class),
    DISCONNECTED("disconnected", Event.Disconnected.class),
    RECONNECTED("reconnected", Event.Reconnected.class),
    UNDO_REQUESTED("undo_requested", Event.UndoRequested.class),
    UNDO_DECLINED("undo_declined", Event.UndoDeclined.class),
    UNDONE("undone", Event.Undone.class),
    RESIGNED("resigned", Event.Resigned.class),
    REMATCH_OFFERED("rematch_offered", Event.RematchOffered.class),
    REMATCH_STARTED("rematch_started", Event.RematchStarted.class),
    GAME_OVER("game_over", Event.GameOver.class),
    SPECTATORS_CHANGED("spectators_changed", Event.SpectatorsChanged.class);

    private static final EventKind[] ALL = values();
    private static final Map<Class<?>, EventKind> BY_TYPE = new HashMap<>();

    static {
        for (EventKind kind : ALL) {
            BY_TYPE.put(kind.type, kind);
        }
    }

    private final String wire;
    private final Class<? extends Event> type;

    EventKind(String wire, Class<? extends Event> type) {
        this.wire = wire;
        this.type = type;
    }

    @JsonValue
    @Override
    public String wire() {
        return wire;
    }

    /** The record of this kind. */
    public Class<? extends Event> type() {
        return type;
    }

    /** The kind of {@code event}. */
    public static EventKind of(Event event) {
        return BY_TYPE.get(event.getClass());
    }

    /** The kind spelled {@code text}, or null. */
    public static EventKind fromWire(String text) {
        return WireWord.find(ALL, text);
    }

    /** The table as Jackson subtypes of {@link Event}, named by kind. */
    static NamedType[] namedTypes() {
        return Arrays.stream(ALL).map(k -> new NamedType(k.type, k.wire)).toArray(NamedType[]::new);
    }
}
