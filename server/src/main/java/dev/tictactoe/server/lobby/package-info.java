/** Quick match: pairs players asking for the same board and clock, here or across nodes. */
@NullMarked
package dev.tictactoe.server.lobby;

import org.jspecify.annotations.NullMarked;
