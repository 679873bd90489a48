package dev.tictactoe.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import org.jspecify.annotations.Nullable;

import java.util.List;

/** The body of {@code POST /api/rooms}: every field may be omitted (see {@link #DEFAULT}). */
public record NewRoom(
        int size,
        int winLength,
        String seat,
        String first,
        boolean earlyDraw,
        boolean spectators,
        @Nullable String bot,
        @Nullable String clock,
        @Nullable Long botSeed) {

    /** The choice of {@code seat} and {@code first} that leaves it to chance. */
    public static final String RANDOM = "random";

    /** Every spelling {@code seat} and {@code first} accept: "X", "O", "random". */
    public static final List<String> SEAT_CHOICES = List.of(Seat.X.wire(), Seat.O.wire(), RANDOM);

    /** Classic 3×3 tic-tac-toe, creator plays X and starts, spectators allowed, no bot. */
    public static final NewRoom DEFAULT =
            new NewRoom(3, 3, Seat.X.wire(), Seat.X.wire(), true, true, null, null, null);

    /** An omitted or null field takes its default; a given one is checked. */
    @JsonCreator
    static NewRoom read(
            @JsonProperty("size") @Nullable Integer size,
            @JsonProperty("winLength") @Nullable Integer winLength,
            @JsonProperty("seat") @Nullable String seat,
            @JsonProperty("first") @Nullable String first,
            @JsonProperty("earlyDraw") @Nullable Boolean earlyDraw,
            @JsonProperty("spectators") @Nullable Boolean spectators,
            @JsonProperty("bot") @Nullable String bot,
            @JsonProperty("clock") @Nullable String clock,
            @JsonProperty("botSeed") @Nullable Long botSeed) {
        int side = size == null ? DEFAULT.size : size;
        Json.range("size", side, Protocol.MIN_SIZE, Protocol.MAX_SIZE);
        int line = winLength == null ? defaultWinLength(side) : winLength;
        Json.range("winLength", line, Protocol.MIN_WIN_LENGTH, side);
        Json.range("botSeed", botSeed, 0, Protocol.MAX_BOT_SEED);
        return new NewRoom(
                side,
                line,
                seat == null ? DEFAULT.seat : oneOf("seat", seat, SEAT_CHOICES),
                first == null ? DEFAULT.first : oneOf("first", first, SEAT_CHOICES),
                earlyDraw == null ? DEFAULT.earlyDraw : earlyDraw,
                spectators == null ? DEFAULT.spectators : spectators,
                bot == null ? null : oneOf("bot", bot, BotLevel.WIRE),
                clock,
                botSeed);
    }

    private static String oneOf(String field, String text, List<String> allowed) {
        if (!allowed.contains(text)) {
            throw Json.bad(
                    field,
                    "expected one of " + String.join(", ", allowed) + ", got " + Json.show(text));
        }
        return text;
    }

    /** The win length used when only the size is given: the whole side, at most five. */
    public static int defaultWinLength(int size) {
        return Math.min(size, 5);
    }
}
