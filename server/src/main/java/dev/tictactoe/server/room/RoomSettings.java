package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;
import dev.tictactoe.server.game.Rules;

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
        return new RoomSettings(Rules.CLASSIC, Mark.X, Mark.X, true, true, null);
    }
}
