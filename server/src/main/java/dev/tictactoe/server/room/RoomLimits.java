package dev.tictactoe.server.room;

import dev.tictactoe.server.clock.IdleClaim;

import java.time.Duration;

/**
 * The limits and timers of one room.
 *
 * @param maxMembers players and spectators at most
 * @param maxNameLength the longest player name, in code points
 * @param seatGrace how long a dropped player's seat is held
 * @param emptyRoomTtl how long a room nobody is connected to lives
 * @param diffHistory how many recent diffs are kept for replay
 * @param idleClaim how long the side to move may stay idle in an untimed game before it can be
 *     claimed
 */
record RoomLimits(
        int maxMembers,
        int maxNameLength,
        Duration seatGrace,
        Duration emptyRoomTtl,
        int diffHistory,
        Duration idleClaim) {

    RoomLimits {
        IdleClaim.validate(idleClaim);
    }

    /** Limits with the default idle claim time. */
    RoomLimits(
            int maxMembers,
            int maxNameLength,
            Duration seatGrace,
            Duration emptyRoomTtl,
            int diffHistory) {
        this(
                maxMembers,
                maxNameLength,
                seatGrace,
                emptyRoomTtl,
                diffHistory,
                IdleClaim.DEFAULT_AFTER);
    }

    static RoomLimits of(RegistrySettings config) {
        return new RoomLimits(
                config.maxMembersPerRoom(),
                config.maxNameLength(),
                config.seatGrace(),
                config.emptyRoomTtl(),
                config.diffHistory(),
                config.idleClaim());
    }
}
