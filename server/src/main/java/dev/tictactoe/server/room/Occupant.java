package dev.tictactoe.server.room;

import dev.tictactoe.server.bot.Level;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Who sits in X or O: a person (with a secret token, connected or not) or a bot. */
final class Occupant {

    /** Move ids remembered per seat so a resent move is acknowledged, not played twice. */
    static final int REMEMBERED_MOVE_IDS = 64;

    final String name;
    final String token;
    final Level bot;

    /** A person's connection is open (or was, at a replayed command's instant). */
    boolean connected;

    /** While held for a dropped player: when the seat is freed, epoch ms. */
    Long graceUntil;

    /** Held for a player promised this seat (a quick match) who has not come yet. */
    boolean reserved;

    /** Made at the seat's first move of a game. */
    private Map<String, Long> appliedMoves;

    private Occupant(String name, String token, Level bot) {
        this.name = name;
        this.token = token;
        this.bot = bot;
    }

    static Occupant person(String name, String token, boolean connected) {
        Occupant seat = new Occupant(name, token, null);
        seat.connected = connected;
        return seat;
    }

    /** A seat held for {@code name}, who will come with {@code token}. */
    static Occupant reserved(String name, String token) {
        Occupant seat = new Occupant(name, token, null);
        seat.reserved = true;
        return seat;
    }

    static Occupant bot(Level level) {
        return new Occupant(level.playerName(), null, level);
    }

    /** A seat as a checkpoint keeps it. */
    RoomState.SeatState state() {
        return new RoomState.SeatState(
                name,
                token,
                isBot() ? bot.name().toLowerCase(Locale.ROOT) : null,
                !isBot() && connected,
                graceUntil,
                appliedMoves());
    }

    /** A seat as a checkpoint has it. */
    static Occupant of(RoomState.SeatState stored) {
        Occupant seat;
        if (stored.bot() != null) {
            seat = Occupant.bot(Level.parse(stored.bot()));
        } else {
            // A checkpoint from before the flag: the player counts as connected at the stop.
            boolean wasConnected = !Boolean.FALSE.equals(stored.connected());
            seat = Occupant.person(stored.name(), stored.token(), wasConnected);
            seat.graceUntil = wasConnected ? null : stored.graceUntil();
        }
        if (stored.moves() != null) {
            stored.moves().forEach(m -> seat.applied(m.id(), m.version()));
        }
        return seat;
    }

    boolean isBot() {
        return bot != null;
    }

    boolean connected() {
        return isBot() || connected;
    }

    /** The version at which a move with this id was applied, or null if it never was. */
    Long appliedVersion(String moveId) {
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

    /** The remembered move ids with their versions, oldest first, for a checkpoint. */
    List<RoomState.MoveId> appliedMoves() {
        if (appliedMoves == null) {
            return List.of();
        }
        List<RoomState.MoveId> moves = new ArrayList<>(appliedMoves.size());
        appliedMoves.forEach((id, version) -> moves.add(new RoomState.MoveId(id, version)));
        return moves;
    }

    /** Move ids are unique within a game: a new game starts with a clean slate. */
    void forgetMoves() {
        appliedMoves = null;
    }
}
