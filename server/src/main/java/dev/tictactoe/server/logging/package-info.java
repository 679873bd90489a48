/** Log output: the text or JSON line format and a line's structured fields. */
@NullMarked
package dev.tictactoe.server.logging;

import org.jspecify.annotations.NullMarked;
