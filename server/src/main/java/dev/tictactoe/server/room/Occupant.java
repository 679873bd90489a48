package dev.tictactoe.server.room;

import dev.tictactoe.protocol.BotLevel;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who sits in X or O: a person (with a secret token, connected or not) or a bot; a checkpoint keeps
 * it as it is, in a copy taken on the room's loop.
 *
 * @param connected a person's connection is open (or was, at a replayed command's instant)
 * @param graceUntil while held for a dropped player: when the seat is freed, epoch ms
 * @param moves this game's move ids and the versions they made, so a resent move is acknowledged,
 *     not played twice; the only part that changes in place
 */
record Occupant(
        String name,
        @Nullable String token,
        @Nullable BotLevel bot,
        boolean connected,
        @Nullable Long graceUntil,
        Map<String, Long> moves) {

    static final int REMEMBERED_MOVE_IDS = 64;

    Occupant {
        MoveIds remembered = new MoveIds();
        remembered.putAll(moves);
        moves = remembered;
    }

    static Occupant person(String name, String token, boolean connected) {
        return new Occupant(name, token, null, connected, null, Map.of());
    }

    static Occupant bot(BotLevel level) {
        return new Occupant(level.playerName(), null, level, false, null, Map.of());
    }

    /** Not named like a getter: the checkpoint's JSON has {@code bot} once, the level. */
    boolean botPlays() {
        return bot != null;
    }

    /** A bot is always there. */
    boolean present() {
        return botPlays() || connected;
    }

    /** This occupant, its move ids copied. */
    Occupant with(boolean nowConnected, @Nullable Long nowGraceUntil) {
        return new Occupant(name, token, bot, nowConnected, nowGraceUntil, moves);
    }

    /** The newest {@link #REMEMBERED_MOVE_IDS} ids; never serialised by Java. */
    @SuppressWarnings("serial")
    private static final class MoveIds extends LinkedHashMap<String, Long> {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED_MOVE_IDS;
        }
    }
}
