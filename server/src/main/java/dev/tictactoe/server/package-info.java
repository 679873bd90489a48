/**
 * The server's entry point: the command line and environment read into the settings of every
 * package, the data directory prepared, and the server started.
 */
@NullMarked
package dev.tictactoe.server;

import org.jspecify.annotations.NullMarked;
