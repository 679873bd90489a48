/**
 * Time in a game: {@link TimeControl} names a time control ("3m+2s", "20s/move"), {@link GameClock}
 * keeps both sides' time and says when the side to move runs out, and {@link IdleClaim} says when
 * an untimed game may be claimed from an idle opponent. Pure state: every method is handed the time
 * ({@code System.nanoTime()} values) instead of reading a clock, so the room decides when "now" is
 * and tests can freeze it. Not thread-safe: a room touches its clock on its own loop only.
 */
package dev.tictactoe.server.clock;
