package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.OptBoolean;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** A message from the server to a client. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
public sealed interface ServerMessage {

    /** Answer to a {@code join}: the seat and its secret token (null for spectators), the state. */
    record Welcome(
            int protocol,
            String room,
            @Nullable Seat seat,
            @Nullable String token,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long serverTime,
            Snapshot snapshot)
            implements ServerMessage {
        public Welcome {
            Json.range("protocol", protocol, 1, Integer.MAX_VALUE);
        }
    }

    /** The full room state, on request or when diffs cannot be replayed. */
    record SnapshotMessage(
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long serverTime,
            Snapshot snapshot)
            implements ServerMessage {}

    /** RFC 6902 operations from snapshot(version - 1) to snapshot(version), and what happened. */
    record Diff(long version, List<PatchOp> ops, @Nullable Event event) implements ServerMessage {
        public Diff {
            ops = List.copyOf(ops);
        }
    }

    /** Answer to a resent move whose id was already applied, at the version it produced. */
    record Ack(String id, long version) implements ServerMessage {
        public Ack {
            Json.moveId("id", id);
            Json.range("version", version, 0, Long.MAX_VALUE);
        }
    }

    /** A seat's quick phrase, to every member, outside the versioned state. */
    record Phrase(Seat seat, QuickPhrase phrase) implements ServerMessage {}

    /** The answer to a {@code ping}, to its sender only, with the ping's {@code seq}. */
    record Pong(long seq) implements ServerMessage {
        public Pong {
            Json.range("seq", seq, 0, Long.MAX_VALUE);
        }
    }

    /** The server's heartbeat to a quiet connection that sent a {@code ping}. */
    record Ping(long seq) implements ServerMessage {
        public Ping {
            Json.range("seq", seq, 0, Long.MAX_VALUE);
        }
    }

    /** A refusal to the sender only; {@code ref} is the move id or message type it answers. */
    record ErrorMessage(ErrorCode code, String message, @Nullable String ref)
            implements ServerMessage {}

    /** The finished games of the room, oldest first. */
    record HistoryMessage(List<GameRecord> games) implements ServerMessage {
        public HistoryMessage {
            games = List.copyOf(games);
        }
    }
}
