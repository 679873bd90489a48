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
 * A room's whole state as a checkpoint keeps it (JSON): enough to rebuild the room and replay the
 * changes after it. Fields added since the first format are boxed: older checkpoints read null.
 *
 * @param shown the snapshot members last saw, the base of the next diff
 * @param diffs the diffs held for replay, oldest first, the last one making {@code version}
 * @param atNanos the checkpoint's instant on the room's monotonic line; {@code atMillis} on the
 *     wall
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

    /** A seat: a person with a token or a bot with a level, and the move ids of this game. */
    record SeatState(
            String name,
            String token,
            String bot,
            Boolean connected,
            Long graceUntil,
            List<MoveId> moves) {}

    record MoveId(String id, long version) {}

    /** The series: the current game, the score, finished games, and the game's time. */
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
