/**
 * The bot: its levels, the gomoku pattern engine and search, the window-counting alpha-beta, the
 * exact solver, and the analysis of a finished game.
 */
@NullMarked
package dev.tictactoe.server.bot;

import org.jspecify.annotations.NullMarked;
