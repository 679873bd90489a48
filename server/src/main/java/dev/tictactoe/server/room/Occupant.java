package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Who sits in X or O: a person (with a secret token, connected or not) or a bot. */
final class Occupant {

    /** Move ids remembered per seat so a resent move is acknowledged, not played twice. */
    static final int REMEMBERED_MOVE_IDS = 64;

    final String name;
    final @Nullable String token;
    final @Nullable Level bot;

    /** A person's connection is open (or was, at a replayed command's instant). */
    boolean connected;

    /** While held for a dropped player: when the seat is freed, epoch ms. */
    @Nullable Long graceUntil;

    /** Held for a player promised this seat (a quick match) who has not come yet. */
    boolean reserved;

    /** Made at the seat's first move of a game. */
    private @Nullable Map<String, Long> appliedMoves;

    private Occupant(String name, @Nullable String token, @Nullable Level bot) {
        this.name = name;
        this.token = token;
        this.bot = bot;
    }

    static Occupant person(String name, String token, boolean connected) {
        Occupant seat = new Occupant(name, token, null);
        seat.connected = connected;
        return seat;
    }

    static Occupant bot(Level level) {
        return new Occupant(level.playerName(), null, level);
    }

    RoomState.Seat state() {
        return new RoomState.Seat(
                name,
                token,
                bot,
                !isBot() && connected,
                graceUntil,
                appliedMoves == null ? Map.of() : new LinkedHashMap<>(appliedMoves));
    }

    static Occupant of(RoomState.Seat stored) {
        Level level = stored.bot();
        Occupant seat =
                level != null
                        ? bot(level)
                        : person(
                                stored.name(),
                                // Written from a person's seat, which always has its token.
                                Objects.requireNonNull(stored.token(), "a person without a token"),
                                stored.connected());
        seat.graceUntil = stored.graceUntil();
        stored.moves().forEach(seat::applied);
        return seat;
    }

    boolean isBot() {
        return bot != null;
    }

    boolean connected() {
        return isBot() || connected;
    }

    @Nullable Long appliedVersion(String moveId) {
        return appliedMoves == null ? null : appliedMoves.get(moveId);
    }

    void applied(String moveId, long version) {
        if (appliedMoves == null) {
            appliedMoves =
                    new LinkedHashMap<>(16, 0.75f, false) {
                        @Override
                        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                            return size() > REMEMBERED_MOVE_IDS;
                        }
                    };
        }
        appliedMoves.put(moveId, version);
    }

    /** Move ids are unique within a game: a new game starts with a clean slate. */
    void forgetMoves() {
        appliedMoves = null;
    }
}
