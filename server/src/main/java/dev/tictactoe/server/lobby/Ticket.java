package dev.tictactoe.server.lobby;

import dev.tictactoe.protocol.BotLevel;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.regex.Pattern;

/** One player's request to be paired; {@code id} is the client's secret; null bot: people only. */
public record Ticket(
        String id,
        String player,
        String name,
        MatchKey key,
        @Nullable BotLevel bot,
        @Nullable Duration botAfter) {

    public static final int MAX_ID_LENGTH = 64;

    /** Shortest ticket identifier: 16 base-64 characters are 96 random bits, too many to guess. */
    public static final int MIN_TICKET_LENGTH = 16;

    /** How long a player who accepts a bot waits for a person first, unless it says otherwise. */
    public static final Duration DEFAULT_BOT_AFTER = Duration.ofSeconds(10);

    /** Shortest wait before a bot takes the seat: at least a moment for a person to arrive. */
    public static final Duration MIN_BOT_AFTER = Duration.ofSeconds(1);

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]*");

    public Ticket {
        requireId("ticket", id, MIN_TICKET_LENGTH);
        requireId("player", player, 1);
        if ((bot == null) != (botAfter == null)) {
            throw new IllegalArgumentException("a bot and its delay go together");
        }
    }

    public static Ticket of(String id, String player, String name, MatchKey key) {
        return new Ticket(id, player, name, key, null, null);
    }

    private static void requireId(String what, String value, int minLength) {
        if (value == null || value.length() < minLength || value.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException(
                    what + " id must be " + minLength + ".." + MAX_ID_LENGTH + " characters");
        }
        if (!ID.matcher(value).matches()) {
            throw new IllegalArgumentException(
                    what + " id may hold only letters, digits, '-' and '_'");
        }
    }
}
