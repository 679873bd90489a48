/**
 * Quick match: {@link Matchmaker} pairs players asking for the same {@link MatchKey} (board, win
 * length, time control) first come, first paired, fills a seat with a bot for those who asked after
 * their delay, and lets the rest go at the wait timeout; tickets wait in this node's memory or,
 * with {@code --redis}, in Redis for every node.
 */
@NullMarked
package dev.tictactoe.server.lobby;

import org.jspecify.annotations.NullMarked;
