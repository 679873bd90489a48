package dev.tictactoe.server.lobby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.server.game.Mark;

import org.jspecify.annotations.Nullable;

import java.util.Objects;
import java.util.Optional;

/**
 * What one node tells another of a ticket the other holds, on its channel and under the ticket in
 * Redis: matched into a room on the sender (only then are the room's fields set), cancelled, or
 * unavailable.
 */
record NodeAnswer(
        String ticket,
        Status status,
        @Nullable String code,
        @Nullable Mark seat,
        @Nullable String token,
        @Nullable String opponent) {

    private static final ObjectMapper JSON = new ObjectMapper();

    enum Status {
        MATCHED,
        CANCELLED,
        UNAVAILABLE
    }

    static NodeAnswer matched(String ticket, String code, Mark seat, String token, String other) {
        return new NodeAnswer(ticket, Status.MATCHED, code, seat, token, other);
    }

    static NodeAnswer of(String ticket, Status status) {
        return new NodeAnswer(ticket, status, null, null, null, null);
    }

    String json() {
        var node = JSON.createObjectNode().put("ticket", ticket).put("status", status.name());
        if (status == Status.MATCHED) {
            node.put("code", code)
                    .put("seat", matched(seat).name())
                    .put("token", token)
                    .put("opponent", opponent);
        }
        return node.toString();
    }

    /** A field of a matched answer, which {@link #matched} and {@link #read} always set. */
    private static <T> T matched(@Nullable T field) {
        return Objects.requireNonNull(field, "a matched answer names its room, seat and players");
    }

    /** The answer in {@code text}, or empty when it is not one (another version's, or garbage). */
    static Optional<NodeAnswer> read(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            Status status = Status.valueOf(node.path("status").asText());
            String ticket = node.path("ticket").asText();
            if (status != Status.MATCHED) {
                return Optional.of(of(ticket, status));
            }
            return Optional.of(
                    matched(
                            ticket,
                            node.path("code").asText(),
                            Mark.valueOf(node.path("seat").asText()),
                            node.path("token").asText(),
                            node.path("opponent").asText()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** This answer for the request of {@code held}, whose ticket it names. */
    MatchAnswer to(Ticket held, String unavailable) {
        return switch (status) {
            case MATCHED ->
                    new MatchAnswer.Matched(
                            held,
                            matched(code),
                            matched(seat),
                            matched(token),
                            MatchAnswer.Opponent.person(matched(opponent)),
                            MatchRooms.settings(held.key(), Mark.X, null));
            case CANCELLED -> new MatchAnswer.Cancelled(held);
            case UNAVAILABLE -> new MatchAnswer.Unavailable(held, unavailable);
        };
    }
}
