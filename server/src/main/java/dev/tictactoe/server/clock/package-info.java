/**
 * Time in a game: time controls, game clocks and idle claims. Pure state handed the time ({@code
 * System.nanoTime()} values), never reading a clock; touched on its room's loop only.
 */
@NullMarked
package dev.tictactoe.server.clock;

import org.jspecify.annotations.NullMarked;
