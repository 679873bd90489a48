/**
 * The one WebSocket client of the game server, shared by the terminal client, the load generator
 * and the server's integration tests: a connection, the client-side room state, a blocking
 * convenience wrapper and the HTTP rooms API.
 */
@NullMarked
package dev.tictactoe.client;

import org.jspecify.annotations.NullMarked;
