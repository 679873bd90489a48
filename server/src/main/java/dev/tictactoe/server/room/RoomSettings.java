package dev.tictactoe.server.room;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.WireWord;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.util.random.RandomGenerator;

/** A room's settings, fixed at creation with every random choice (seats, first mover) made. */
public record RoomSettings(
        Rules rules,
        Seat creatorSeat,
        Seat first,
        boolean earlyDraw,
        boolean spectators,
        @Nullable BotLevel bot,
        @Nullable TimeControl clock) {

    /** The settings a create-room request asks for; an unreadable clock is invalid_settings. */
    public static RoomSettings resolve(NewRoom request, RandomGenerator random) {
        return new RoomSettings(
                new Rules(request.size(), request.winLength()),
                mark(request.seat(), random),
                mark(request.first(), random),
                request.earlyDraw(),
                request.spectators(),
                request.bot() == null ? null : BotLevel.parse(request.bot()),
                clock(request.clock()));
    }

    private static @Nullable TimeControl clock(@Nullable String text) {
        if (text == null) {
            return null;
        }
        try {
            return TimeControl.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ProtocolException(
                    ErrorCode.INVALID_SETTINGS, "settings.clock: " + e.getMessage());
        }
    }

    /** The seat a choice names ("X", "O"), or one drawn at random for {@link NewRoom#RANDOM}. */
    private static Seat mark(String choice, RandomGenerator random) {
        Seat seat = WireWord.find(Seat.values(), choice);
        return seat == null ? (random.nextBoolean() ? Seat.X : Seat.O) : seat;
    }
}
