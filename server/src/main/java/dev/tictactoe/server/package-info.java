/** The server's entry point: the command line, the data directory, the start. */
@NullMarked
package dev.tictactoe.server;

import org.jspecify.annotations.NullMarked;
