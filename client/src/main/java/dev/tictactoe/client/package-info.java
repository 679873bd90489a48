/** The one Java client of the game server: a connection, the room follower, the HTTP API. */
@NullMarked
package dev.tictactoe.client;

import org.jspecify.annotations.NullMarked;
