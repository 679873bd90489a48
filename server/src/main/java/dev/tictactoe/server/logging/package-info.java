/**
 * Log output: the text or JSON line format chosen at start, and the structured fields (room, seat,
 * remote address) of a line.
 */
@NullMarked
package dev.tictactoe.server.logging;

import org.jspecify.annotations.NullMarked;
