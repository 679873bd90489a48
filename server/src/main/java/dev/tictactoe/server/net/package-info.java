/**
 * The network edge: the Netty server and its pipeline, HTTP routing and endpoints, the WebSocket
 * session of a room member, and the limits that keep one connection from costing the others.
 */
@NullMarked
package dev.tictactoe.server.net;

import org.jspecify.annotations.NullMarked;
