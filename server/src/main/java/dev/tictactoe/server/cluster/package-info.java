/**
 * Running several nodes: a node's character and the data directory that remembers it ({@link
 * NodeFile}), and the proxy configurations that route a room's requests by the first character of
 * its code ({@link ProxyConfig}).
 */
package dev.tictactoe.server.cluster;
