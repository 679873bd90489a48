/**
 * Quick match: {@link MatchQueue} pairs players asking for the same {@link MatchKey} (board, win
 * length, time control) first come, first paired, fills a seat with a bot for those who asked after
 * their delay, and lets the rest go at the wait timeout. No I/O and no timers of its own: the HTTP
 * layer hands it requests and the time, and answers waiting requests from its listener.
 */
@NullMarked
package dev.tictactoe.server.lobby;

import org.jspecify.annotations.NullMarked;
