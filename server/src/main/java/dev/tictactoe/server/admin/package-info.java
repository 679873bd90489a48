/**
 * The admin port ({@code --admin-port}, off by default, loopback by default): the public port's
 * probes, a page at {@code /admin/}, and a JSON API to list and show live rooms, close a room for
 * good and disconnect a player. {@link AdminServer} binds it; room work goes through the room
 * package's {@code RoomOperator}, on each room's own loop.
 */
@NullMarked
package dev.tictactoe.server.admin;

import org.jspecify.annotations.NullMarked;
