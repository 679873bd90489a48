package dev.tictactoe.server.room;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.server.clock.GameClock;
import dev.tictactoe.server.game.Mark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A room's whole state as the journal keeps it in a checkpoint: enough to rebuild the room after a
 * restart with the same code, version, snapshot, seat tokens, recent diffs, clocks and move ids,
 * and for the changes written after it to be made again on top of it. Fields added since the first
 * format are boxed: a checkpoint written before them reads them as null.
 *
 * @param shown the snapshot members last saw, the base of the next diff
 * @param diffs the encoded diffs held for replay, oldest first, ending with the one that made
 *     {@code version}
 * @param seats X and O as they are seated
 * @param atNanos the instant of the checkpoint on the room's monotonic time line
 * @param atMillis the same instant on the wall clock, in epoch milliseconds
 * @param emptySince since when nobody has been connected (epoch ms), or null while somebody was
 * @param createdAt when the room was made (epoch ms); null in a checkpoint written before it was
 *     kept
 */
record RoomState(
        String code,
        RoomSettings settings,
        long botSeed,
        long version,
        long boardVersion,
        JsonNode shown,
        List<String> diffs,
        Map<Mark, SeatState> seats,
        MatchState match,
        Long atNanos,
        Long atMillis,
        Long emptySince,
        Long createdAt) {

    /**
     * A seat: a person with a token, or a bot with a level; whether a person was connected, until
     * when a dropped one's seat is held (epoch ms), and the ids of the moves it made this game.
     */
    record SeatState(
            String name,
            String token,
            String bot,
            Boolean connected,
            Long graceUntil,
            List<MoveId> moves) {}

    /**
     * A move id a seat sent and the version that move made, so a resent move is acknowledged, not
     * replayed.
     */
    record MoveId(String id, long version) {}

    /**
     * The series: the current game's moves in order, its result, the score and the finished games;
     * the current game's clock or idle-claim time, and the idle time the room was created with.
     */
    record MatchState(
            int game,
            Match.Status status,
            Mark first,
            int[] moves,
            List<String> moveIds,
            Match.Result result,
            int xWins,
            int oWins,
            int draws,
            Mark undoRequest,
            List<Mark> rematchOffers,
            List<Score.FinishedGame> finished,
            GameClock.State clock,
            IdleState idle,
            Long idleAfterMillis) {}

    /**
     * The turn an idle claim counts from, on the monotonic line and the wall clock, and the idle
     * time.
     */
    record IdleState(long turnStartedNanos, long turnStartedAt, long afterMillis) {}

    private static final ObjectMapper JSON = MessageCodec.mapper().copy();

    byte[] toJson() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (IOException e) {
            throw new UncheckedIOException("room " + code + " cannot be written", e);
        }
    }

    static RoomState fromJson(byte[] json) {
        try {
            return JSON.readValue(json, RoomState.class);
        } catch (IOException e) {
            throw new UncheckedIOException("a room checkpoint cannot be read", e);
        }
    }
}
