/** The bot: its levels, the pattern engine, the searches, the exact solver and game analysis. */
@NullMarked
package dev.tictactoe.server.bot;

import org.jspecify.annotations.NullMarked;
