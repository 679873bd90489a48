package dev.tictactoe.server.lobby;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.WireWord;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.Set;

/** Reads the body of {@code POST /api/match} into a {@link Ticket}, strictly. */
public final class MatchRequest {

    private static final String AT = "match.";
    private static final String OPTIONAL = "a string or null";
    private static final Set<String> FIELDS =
            Set.of("ticket", "player", "name", "size", "winLength", "clock", "bot", "botAfter");

    private MatchRequest() {}

    /** The ticket a body asks for; a bot must come before {@code waitLimit}. */
    public static Ticket read(String body, int maxNameLength, Duration waitLimit) {
        JsonNode root = MessageCodec.parse(body);
        if (!root.isObject()) {
            throw invalid("match", "expected a JSON object");
        }
        for (var field : root.properties()) {
            if (!FIELDS.contains(field.getKey())) {
                throw invalid(AT + abbreviate(field.getKey()), "unknown field");
            }
        }
        String id = string(root, "ticket");
        String player = string(root, "player");
        String name = Protocol.normalizeName(string(root, "name"), maxNameLength);
        if (name == null) {
            throw new ProtocolException(
                    ErrorCode.NAME_INVALID,
                    "%sname: a name is 1 to %d characters, without control or format characters"
                            .formatted(AT, maxNameLength));
        }
        int size = integer(root, "size", Protocol.MIN_SIZE, Protocol.MAX_SIZE, 3);
        int line = NewRoom.defaultWinLength(size);
        int winLength = integer(root, "winLength", Protocol.MIN_WIN_LENGTH, size, line);
        String clock = string(root, "clock", OPTIONAL);
        MatchKey key;
        try {
            key = MatchKey.of(size, winLength, clock);
        } catch (IllegalArgumentException e) {
            throw invalid(AT + e.getMessage(), null);
        }
        String botName = string(root, "bot", OPTIONAL);
        String botAfterText = string(root, "botAfter", OPTIONAL);
        BotLevel bot = null;
        Duration botAfter = null;
        if (botName != null) {
            bot = WireWord.find(BotLevel.values(), botName);
            if (bot == null) {
                throw invalid(
                        AT + "bot",
                        "expected one of %s, got \"%s\""
                                .formatted(String.join(", ", BotLevel.WIRE), abbreviate(botName)));
            }
            botAfter = botAfterText == null ? Ticket.DEFAULT_BOT_AFTER : duration(botAfterText);
            if (botAfter.compareTo(Ticket.MIN_BOT_AFTER) < 0) {
                throw invalid(
                        AT + "botAfter",
                        "must be at least "
                                + Durations.format(Ticket.MIN_BOT_AFTER)
                                + ", was "
                                + Durations.format(botAfter));
            }
            if (botAfter.compareTo(waitLimit) >= 0) {
                throw invalid(
                        AT + "botAfter",
                        "must be shorter than the longest wait, " + Durations.format(waitLimit));
            }
        } else if (botAfterText != null) {
            throw invalid(
                    AT + "botAfter", "only with a bot: set bot to a level, or leave botAfter out");
        }
        try {
            return new Ticket(id, player, name, key, bot, botAfter);
        } catch (IllegalArgumentException e) {
            // Ticket checks the identifiers: "ticket id must be 16..64 characters".
            String field =
                    String.valueOf(e.getMessage()).startsWith("ticket") ? "ticket" : "player";
            throw invalid(AT + field, e.getMessage());
        }
    }

    private static String string(JsonNode root, String field) {
        String text = string(root, field, "a string");
        if (text == null) {
            throw invalid(AT + field, "missing required field");
        }
        return text;
    }

    private static @Nullable String string(JsonNode root, String field, String expected) {
        JsonNode v = root.get(field);
        if (v != null && !v.isNull() && !v.isTextual()) {
            throw invalid(AT + field, "expected " + expected + ", got " + abbreviate(v));
        }
        return v == null ? null : v.textValue();
    }

    private static int integer(JsonNode root, String field, int min, int max, int absent) {
        JsonNode v = root.get(field);
        if (v == null || v.isNull()) {
            return absent;
        }
        if (!v.isIntegralNumber()
                || !v.canConvertToInt()
                || v.intValue() < min
                || v.intValue() > max) {
            throw invalid(
                    AT + field,
                    "expected an integer " + min + ".." + max + ", got " + abbreviate(v));
        }
        return v.intValue();
    }

    private static Duration duration(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw invalid(AT + "botAfter", e.getMessage());
        }
    }

    private static ProtocolException invalid(String path, @Nullable String problem) {
        return new ProtocolException(
                ErrorCode.INVALID_SETTINGS, problem == null ? path : path + ": " + problem);
    }

    private static String abbreviate(Object sent) {
        String text = sent.toString();
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
