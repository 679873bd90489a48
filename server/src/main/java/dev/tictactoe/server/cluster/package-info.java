/** Several nodes: a node's data directory and the proxy configurations that route by code. */
@NullMarked
package dev.tictactoe.server.cluster;

import org.jspecify.annotations.NullMarked;
