/** Time in a game: time controls, clocks and idle claims, handed the time, never reading it. */
@NullMarked
package dev.tictactoe.server.clock;

import org.jspecify.annotations.NullMarked;
