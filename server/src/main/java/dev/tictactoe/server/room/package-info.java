/**
 * The room: its rules as a state machine ({@link dev.tictactoe.server.room.RoomCore}), the actor
 * that runs them on one event loop ({@link dev.tictactoe.server.room.Room}) for the members behind
 * its seats, and what it writes down to outlive the process.
 */
@NullMarked
package dev.tictactoe.server.room;

import org.jspecify.annotations.NullMarked;
