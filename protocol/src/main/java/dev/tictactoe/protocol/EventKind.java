package dev.tictactoe.protocol;

import com.fasterxml.jackson.databind.jsontype.NamedType;

import java.util.Arrays;

/** The table of event kinds: each {@link Event} record and its {@code kind} on the wire. */
public enum EventKind implements WireWord {
    MOVED(Event.Moved.class),
    JOINED(Event.Joined.class),
    BOT_JOINED(Event.BotJoined.class),
    LEFT(Event.Left.class),
    DISCONNECTED(Event.Disconnected.class),
    RECONNECTED(Event.Reconnected.class),
    UNDO_REQUESTED(Event.UndoRequested.class),
    UNDO_DECLINED(Event.UndoDeclined.class),
    UNDONE(Event.Undone.class),
    RESIGNED(Event.Resigned.class),
    REMATCH_OFFERED(Event.RematchOffered.class),
    REMATCH_STARTED(Event.RematchStarted.class),
    GAME_OVER(Event.GameOver.class),
    SPECTATORS_CHANGED(Event.SpectatorsChanged.class);

    private final Class<? extends Event> type;

    EventKind(Class<? extends Event> type) {
        this.type = type;
    }

    public Class<? extends Event> type() {
        return type;
    }

    static NamedType[] namedTypes() {
        return Arrays.stream(values())
                .map(k -> new NamedType(k.type, k.wire()))
                .toArray(NamedType[]::new);
    }
}
