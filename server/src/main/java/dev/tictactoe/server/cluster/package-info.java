/**
 * Running several nodes: a node's character and the data directory that remembers it ({@link
 * NodeFile}), and the proxy configurations that route a room's requests by the first character of
 * its code ({@link ProxyConfig}).
 */
@NullMarked
package dev.tictactoe.server.cluster;

import org.jspecify.annotations.NullMarked;
