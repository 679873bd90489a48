package dev.tictactoe.server.room;

import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;
import java.util.random.RandomGenerator;

/**
 * A room's settings, fixed at creation with every random choice already made.
 *
 * @param creatorSeat the seat the first person to join takes
 * @param first who moves first in game 1 (later games alternate)
 * @param bot the level of a bot seated opposite the creator from the start, or null
 */
public record RoomSettings(
        Rules rules, Mark creatorSeat, Mark first, boolean earlyDraw, boolean spectators, Level bot) {

    /** Classic 3×3, creator plays X and starts, early draws on, spectators welcome, no bot. */
    public static RoomSettings classic() {
        return resolve(NewRoom.DEFAULT, null);
    }

    /** The settings a decoded create-room request asks for, with "random" seats drawn from {@code random}. */
    public static RoomSettings resolve(NewRoom request, RandomGenerator random) {
        return new RoomSettings(
                new Rules(request.size(), request.winLength()),
                mark(request.seat(), random),
                mark(request.first(), random),
                request.earlyDraw(),
                request.spectators(),
                request.bot() == null ? null : Level.parse(request.bot()));
    }

    private static Mark mark(String choice, RandomGenerator random) {
        return switch (choice) {
            case "X" -> Mark.X;
            case "O" -> Mark.O;
            default -> random.nextBoolean() ? Mark.X : Mark.O;
        };
    }
}
