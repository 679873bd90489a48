package dev.tictactoe.server.flags;

import dev.tictactoe.server.room.RegistrySettings;

import picocli.CommandLine.Option;

import java.time.Duration;

/** The flags of {@link RegistrySettings}; each is named as its component (see {@link Flags}). */
public final class RoomFlags extends Flags<RegistrySettings> {

    @Option(names = "--max-rooms", description = "Live rooms at most")
    int maxRooms;

    @Option(
            names = "--max-members-per-room",
            description = "Players and spectators in one room at most")
    int maxMembersPerRoom;

    @Option(names = "--max-name-length", description = "Longest player name")
    int maxNameLength;

    @Option(names = "--seat-grace", description = "Keep a dropped player's seat this long")
    Duration seatGrace;

    @Option(
            names = "--empty-room-ttl",
            description = "Remove a room nobody is connected to after this long")
    Duration emptyRoomTtl;

    @Option(
            names = "--idle-claim",
            description =
                    "In a game without a clock, let the opponent claim after the side to move was"
                            + " idle this long, 10s..1h")
    Duration idleClaim;

    @Option(names = "--diff-history", description = "Recent diffs a room keeps for replay")
    int diffHistory;

    @Option(names = "--bot-threads", description = "Threads that compute bot moves")
    int botThreads;

    @Option(names = "--bot-queue", description = "Bot moves waiting for a thread at most")
    int botQueue;

    @Option(names = "--bot-budget", description = "Thinking time of a bot move")
    Duration botBudget;

    @Option(
            names = "--bot-seed",
            description =
                    "Seed of the bots' choices in rooms created without a botSeed: the n-th room"
                            + " created gets the n-th seed fixed by this one; '"
                            + Defaults.NONE
                            + "' draws a random seed per room")
    Long botSeed;

    @Option(
            names = "--bot-nodes",
            description =
                    "Bound every bot search by this many positions instead of --bot-budget, so bot"
                            + " moves replay on any machine; '"
                            + Defaults.NONE
                            + "' searches for the time budget")
    Long botNodes;
}
