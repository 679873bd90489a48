package dev.tictactoe.server.room;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.server.game.Mark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A room's whole state as the journal keeps it: enough to rebuild the room after a restart with
 * the same code, version, snapshot, seat tokens and recent diffs.
 *
 * @param shown the snapshot members last saw, the base of the next diff
 * @param diffs the encoded diffs held for replay, oldest first, ending with the one that made {@code version}
 * @param seats X and O as they are seated
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
        MatchState match) {

    /** A seat: a person with a token, or a bot with a level. */
    record SeatState(String name, String token, String bot) {}

    /** The series: the current game's moves in order, its result, the score and the finished games. */
    record MatchState(int game, Match.Status status, Mark first, int[] moves, List<String> moveIds,
            Match.Result result, int xWins, int oWins, int draws, Mark undoRequest, List<Mark> rematchOffers,
            List<Match.FinishedGame> finished) {}

    private static final ObjectMapper JSON = MessageCodec.mapper().copy();

    byte[] toJson() {
        try {
            return JSON.writeValueAsBytes(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("room " + code + " cannot be written as JSON", e);
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
