/** The rules of k in a row on an N×N board; no I/O, no threads: rooms and the bot drive it. */
@NullMarked
package dev.tictactoe.server.game;

import org.jspecify.annotations.NullMarked;
