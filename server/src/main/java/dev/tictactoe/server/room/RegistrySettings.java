package dev.tictactoe.server.room;

import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.settings.Check;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** The settings of the server's rooms and their bots, each default the constant named after it. */
public record RegistrySettings(
        int maxRooms,
        int maxMembersPerRoom,
        int maxNameLength,
        Duration seatGrace,
        Duration emptyRoomTtl,
        Duration idleClaim,
        int diffHistory,
        int botThreads,
        int botQueue,
        Duration botBudget,
        @Nullable Long botSeed,
        @Nullable Long botNodes) {

    public static final int DEFAULT_MAX_ROOMS = 20_000;
    public static final int DEFAULT_MAX_MEMBERS_PER_ROOM = 64;
    public static final int DEFAULT_MAX_NAME_LENGTH = 32;
    public static final Duration DEFAULT_SEAT_GRACE = Duration.ofSeconds(60);
    public static final Duration DEFAULT_EMPTY_ROOM_TTL = Duration.ofMinutes(5);
    public static final Duration DEFAULT_IDLE_CLAIM = IdleClaim.DEFAULT_AFTER;
    public static final int DEFAULT_DIFF_HISTORY = 16;
    public static final int DEFAULT_BOT_THREADS = 1;
    public static final int DEFAULT_BOT_QUEUE = 1_000;
    public static final Duration DEFAULT_BOT_BUDGET = Duration.ofMillis(200);
    public static final @Nullable Long DEFAULT_BOT_SEED = null;
    public static final @Nullable Long DEFAULT_BOT_NODES = null;

    public RegistrySettings {
        Check.requirePositive("maxRooms", maxRooms);
        Check.requirePositive("maxMembersPerRoom", maxMembersPerRoom);
        Check.requirePositive("maxNameLength", maxNameLength);
        Check.requirePositive("seatGrace", seatGrace);
        Check.requirePositive("emptyRoomTtl", emptyRoomTtl);
        IdleClaim.validate(idleClaim);
        Check.requirePositive("diffHistory", diffHistory);
        Check.requirePositive("botThreads", botThreads);
        Check.requirePositive("botQueue", botQueue);
        Check.requirePositive("botBudget", botBudget);
        if (botNodes != null) {
            Check.requirePositive("botNodes", botNodes);
        }
    }
}
