package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.annotation.OptBoolean;

import org.jspecify.annotations.Nullable;

/** A message from a client; null fields are optional, and each record checks its own ranges. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
public sealed interface ClientMessage {

    /** First message: a {@code token} reclaims a seat, {@code lastVersion} asks for a replay. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Join(
            int protocol,
            String name,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable String token,
            @JsonProperty(isRequired = OptBoolean.FALSE) @JsonSetter(nulls = Nulls.AS_EMPTY)
                    boolean spectate,
            @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long lastVersion)
            implements ClientMessage {
        public Join {
            Json.range("protocol", protocol, 1, Integer.MAX_VALUE);
            Json.present("name", name, "a string");
            Json.range("lastVersion", lastVersion, 0, Long.MAX_VALUE);
        }

        public static Join player(String name) {
            return new Join(Protocol.VERSION, name, null, false, null);
        }

        public static Join spectator(String name) {
            return new Join(Protocol.VERSION, name, null, true, null);
        }
    }

    /** Play {@code cell} (row * size + col); the client's {@code id} makes a resend known. */
    record Move(String id, long version, int cell) implements ClientMessage {
        public Move {
            Json.moveId("id", id);
            Json.range("version", version, 0, Long.MAX_VALUE);
            if (cell < 0) {
                // Well-formed but off the board: the same code as a cell past the end.
                throw new ProtocolException(
                        ErrorCode.OUT_OF_RANGE, "cell: " + cell + " is not on the board");
            }
        }
    }

    /** Ask for a takeback (against a person) or take back the own move and the bot's reply. */
    record Undo() implements ClientMessage {}

    /** Answer the opponent's takeback request. */
    record UndoReply(boolean accept) implements ClientMessage {}

    /** Give up the current game. */
    record Resign() implements ClientMessage {}

    /** Claim the game from an opponent idle past the claim time, in a game without a clock. */
    record Claim() implements ClientMessage {}

    /** Offer a rematch, or accept the other side's offer. */
    record Rematch() implements ClientMessage {}

    /** Seat a bot in {@code seat}, or in the empty seat when it is null. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record InviteBot(
            BotLevel level, @JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Seat seat)
            implements ClientMessage {
        public InviteBot {
            Json.present("level", level, "a bot level");
        }
    }

    /** Ask for the diffs after {@code lastVersion}, or a snapshot when null or too old. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Sync(@JsonProperty(isRequired = OptBoolean.FALSE) @Nullable Long lastVersion)
            implements ClientMessage {
        public Sync {
            Json.range("lastVersion", lastVersion, 0, Long.MAX_VALUE);
        }
    }

    /** Ask for the finished games of this room. */
    record History() implements ClientMessage {}

    /** Give up the seat (or stop watching) and close. */
    record Leave() implements ClientMessage {}

    /** A heartbeat, before or after {@code join}; it asks the server for its pings too. */
    record Ping(long seq) implements ClientMessage {
        public Ping {
            Json.range("seq", seq, 0, Protocol.MAX_PING_SEQ);
        }
    }

    /** The answer to the server's {@code ping}, with its {@code seq}. */
    record Pong(long seq) implements ClientMessage {
        public Pong {
            Json.range("seq", seq, 0, Protocol.MAX_PING_SEQ);
        }
    }

    /** Say {@code phrase} to the room; players only, a few at a time. It changes nothing. */
    record Phrase(QuickPhrase phrase) implements ClientMessage {
        public Phrase {
            Json.present("phrase", phrase, "a phrase");
        }
    }
}
