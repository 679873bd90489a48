/**
 * The rules of k in a row on an N×N board: {@link dev.tictactoe.server.game.Rules} names the
 * variant, {@link dev.tictactoe.server.game.Board} plays it (moves, undo, win and draw detection,
 * Zobrist hashing), {@link dev.tictactoe.server.game.KInARow} judges a move and a game's end, and
 * {@link dev.tictactoe.server.game.Mark} names the sides. No I/O and no threads: rooms and the bot
 * drive it.
 */
@NullMarked
package dev.tictactoe.server.game;

import org.jspecify.annotations.NullMarked;
