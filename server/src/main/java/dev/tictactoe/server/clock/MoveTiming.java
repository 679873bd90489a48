package dev.tictactoe.server.clock;

import dev.tictactoe.server.game.Mark;

import java.time.Duration;

/** What the clock made of a turn that ended: in time, or the mover had already run out. */
public sealed interface MoveTiming {

    /** The turn ended in time; {@code spent} was the time it took. */
    record InTime(Duration spent) implements MoveTiming {}

    /**
     * {@code seat} ran out before the turn ended: the move does not count and the clock stopped.
     */
    record Flagged(Mark seat) implements MoveTiming {}
}
