/** The network edge: the Netty server, HTTP endpoints, WebSocket sessions and their limits. */
@NullMarked
package dev.tictactoe.server.net;

import org.jspecify.annotations.NullMarked;
