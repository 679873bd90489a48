package dev.tictactoe.server.room;

import dev.tictactoe.server.clock.IdleClaim;
import dev.tictactoe.server.settings.Check;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * The settings of the server's rooms and their bots. Each component's default is the constant named
 * after it, read by its flag in {@code flags.RoomFlags} and the README's settings table.
 */
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

    /** Default: live rooms at most. */
    public static final int DEFAULT_MAX_ROOMS = 20_000;

    /** Default: players and spectators in one room at most. */
    public static final int DEFAULT_MAX_MEMBERS_PER_ROOM = 64;

    /** Default: longest player name. */
    public static final int DEFAULT_MAX_NAME_LENGTH = 32;

    /** Default: keep a dropped player's seat this long. */
    public static final Duration DEFAULT_SEAT_GRACE = Duration.ofSeconds(60);

    /** Default: remove a room nobody is connected to after this long. */
    public static final Duration DEFAULT_EMPTY_ROOM_TTL = Duration.ofMinutes(5);

    /** Default: how long the side to move in an untimed game may stay idle before a claim. */
    public static final Duration DEFAULT_IDLE_CLAIM = IdleClaim.DEFAULT_AFTER;

    /** Default: recent diffs a room keeps for replay; a longer gap gets a snapshot. */
    public static final int DEFAULT_DIFF_HISTORY = 16;

    /** Default: threads that compute bot moves. */
    public static final int DEFAULT_BOT_THREADS = 1;

    /** Default: bot moves waiting for a thread at most. */
    public static final int DEFAULT_BOT_QUEUE = 1_000;

    /** Default: thinking time of a bot move. */
    public static final Duration DEFAULT_BOT_BUDGET = Duration.ofMillis(200);

    /** Default: no server-wide bot seed; with one, the n-th room gets the n-th seed it fixes. */
    public static final @Nullable Long DEFAULT_BOT_SEED = null;

    /** Default: searches bounded by time; a node budget makes bot moves machine-independent. */
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

    /** The pool that computes these rooms' bot moves. */
    public BotRunner newBotRunner() {
        return new BotRunner(botThreads, botQueue, botBudget, botNodes);
    }
}
