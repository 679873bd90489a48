package dev.tictactoe.server.lobby;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.Seat;

import org.jspecify.annotations.Nullable;

import java.util.Objects;
import java.util.Optional;

/** What one node tells another of a ticket the other holds: matched, cancelled or unavailable. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record NodeAnswer(
        String ticket,
        Status status,
        @Nullable String code,
        @Nullable Seat seat,
        @Nullable String token,
        @Nullable String opponent) {

    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    enum Status {
        MATCHED,
        CANCELLED,
        UNAVAILABLE
    }

    NodeAnswer {
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(status, "status");
        if (status == Status.MATCHED
                && (code == null || seat == null || token == null || opponent == null)) {
            throw new IllegalArgumentException("a matched answer names its room, seat and players");
        }
    }

    static NodeAnswer matched(String ticket, String code, Seat seat, String token, String other) {
        return new NodeAnswer(ticket, Status.MATCHED, code, seat, token, other);
    }

    static NodeAnswer of(String ticket, Status status) {
        return new NodeAnswer(ticket, status, null, null, null, null);
    }

    String json() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The answer in {@code text}, or empty when it is not one (another version's, or garbage). */
    static Optional<NodeAnswer> read(String text) {
        try {
            return Optional.of(JSON.readValue(text, NodeAnswer.class));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** This answer for the request of {@code held}, whose ticket it names. */
    MatchAnswer to(Ticket held, String unavailable) {
        return switch (status) {
            case MATCHED ->
                    new MatchAnswer.Matched(
                            held,
                            Objects.requireNonNull(code),
                            Objects.requireNonNull(seat),
                            Objects.requireNonNull(token),
                            new MatchAnswer.Opponent(Objects.requireNonNull(opponent), null),
                            MatchRooms.settings(held.key(), Seat.X, null));
            case CANCELLED -> new MatchAnswer.Cancelled(held);
            case UNAVAILABLE -> new MatchAnswer.Unavailable(held, unavailable);
        };
    }
}
