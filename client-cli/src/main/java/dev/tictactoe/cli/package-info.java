/**
 * The {@code ttt} terminal client: its subcommands, quick match, and a stay in a room as one actor
 * shown through a terminal or a script front end.
 */
@NullMarked
package dev.tictactoe.cli;

import org.jspecify.annotations.NullMarked;
