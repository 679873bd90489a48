package dev.tictactoe.server.clock;

import dev.tictactoe.server.game.Mark;

/**
 * The clock as the snapshot shows it. The values change only when a turn starts or the clock stops,
 * so a snapshot stays the same between moves and a client counts down by itself: the running side
 * has {@code remaining - (now - turnStartedAt)} of game time, and flags at {@code deadlineAt}.
 *
 * @param control the time control's text, such as "3m+2s"
 * @param xMs X's game clock in milliseconds when the current turn started (rounded up), or null
 *     without a game clock
 * @param oMs the same for O
 * @param running the seat whose time is running, or null when the clock is stopped
 * @param turnStartedAt when the running turn started (or the last one, once stopped), in epoch
 *     milliseconds; null before the clock starts
 * @param deadlineAt when the running side runs out, in epoch milliseconds; null when stopped
 * @param flagged the seat that ran out of time, or null
 */
public record ClockView(
        String control,
        Long xMs,
        Long oMs,
        Mark running,
        Long turnStartedAt,
        Long deadlineAt,
        Mark flagged) {

    /**
     * The game time {@code seat} had when the current turn started, or null without a game clock.
     */
    public Long remainingMs(Mark seat) {
        return seat == Mark.X ? xMs : oMs;
    }
}
