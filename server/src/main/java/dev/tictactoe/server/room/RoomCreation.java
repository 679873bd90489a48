package dev.tictactoe.server.room;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import java.util.random.RandomGenerator;

/** Reads the JSON body of a create-room request into settings, resolving "random" choices. */
public final class RoomCreation {

    private static final Set<String> FIELDS =
            Set.of("size", "winLength", "seat", "first", "earlyDraw", "spectators", "bot");

    private RoomCreation() {}

    /** Thrown for a request that does not describe valid settings; the message names the field. */
    public static final class InvalidSettings extends Exception {
        public InvalidSettings(String message) {
            super(message, null, false, false);
        }
    }

    /** Settings from a request body; absent fields take the classic defaults. */
    public static RoomSettings parse(JsonNode body, RandomGenerator random) throws InvalidSettings {
        if (body == null || body.isNull() || body.isMissingNode()) {
            return parse(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode(), random);
        }
        if (!body.isObject()) {
            throw new InvalidSettings("expected a JSON object of settings");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new InvalidSettings("unknown setting \"" + name + "\"; known: " + FIELDS);
            }
        }
        int size = intField(body, "size", Rules.CLASSIC.size());
        // Without an explicit k: the whole row up to 5, then five in a row as in gomoku.
        int winLength = intField(body, "winLength", Math.min(size, 5));
        Rules rules;
        try {
            rules = new Rules(size, winLength);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettings(e.getMessage());
        }
        Mark seat = markField(body, "seat", random);
        Mark first = markField(body, "first", random);
        boolean earlyDraw = boolField(body, "earlyDraw", true);
        boolean spectators = boolField(body, "spectators", true);
        Level bot = null;
        JsonNode botNode = body.get("bot");
        if (botNode != null && !botNode.isNull()) {
            if (!botNode.isTextual()) {
                throw new InvalidSettings("bot: expected a level name or null");
            }
            try {
                bot = Level.parse(botNode.asText());
            } catch (IllegalArgumentException e) {
                throw new InvalidSettings("bot: " + e.getMessage());
            }
        }
        return new RoomSettings(rules, seat, first, earlyDraw, spectators, bot);
    }

    private static int intField(JsonNode body, String name, int fallback) throws InvalidSettings {
        JsonNode node = body.get(name);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isInt()) {
            throw new InvalidSettings(name + ": expected an integer, got " + node);
        }
        return node.intValue();
    }

    private static boolean boolField(JsonNode body, String name, boolean fallback) throws InvalidSettings {
        JsonNode node = body.get(name);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isBoolean()) {
            throw new InvalidSettings(name + ": expected true or false, got " + node);
        }
        return node.booleanValue();
    }

    private static Mark markField(JsonNode body, String name, RandomGenerator random) throws InvalidSettings {
        JsonNode node = body.get(name);
        String value = node == null || node.isNull() ? "X" : node.asText("");
        if (node != null && !node.isNull() && !node.isTextual()) {
            throw new InvalidSettings(name + ": expected \"X\", \"O\" or \"random\", got " + node);
        }
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "X" -> Mark.X;
            case "O" -> Mark.O;
            case "RANDOM" -> random.nextBoolean() ? Mark.X : Mark.O;
            default -> throw new InvalidSettings(name + ": expected \"X\", \"O\" or \"random\", got " + node);
        };
    }
}
