package dev.tictactoe.server.room;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

/**
 * The engine's words as the protocol spells them: a mark is a seat and a bot level is a level, name
 * for name (the engine knows nothing of the wire).
 */
public final class Wire {
    private Wire() {}

    public static Seat seat(Mark mark) {
        return mark == null ? null : mark == Mark.X ? Seat.X : Seat.O;
    }

    public static Mark mark(Seat seat) {
        return seat == null ? null : seat == Seat.X ? Mark.X : Mark.O;
    }

    public static BotLevel level(Level level) {
        return level == null ? null : BotLevel.valueOf(level.name());
    }

    public static Level level(BotLevel level) {
        return level == null ? null : Level.valueOf(level.name());
    }
}
