package dev.tictactoe.server.room;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.Seat;

import java.io.IOException;

/** A command to a room's core, with what was chosen in it, so a replay makes the same change. */
@JsonTypeInfo(use = JsonTypeInfo.Id.SIMPLE_NAME)
sealed interface Change {

    /** A person took {@code seat} with this name and secret token. */
    record Seated(Seat seat, String name, String token) implements Change {}

    record Spectators(int count) implements Change {}

    /** The player in {@code seat} dropped; the seat is held until {@code graceUntil} (epoch ms). */
    record Dropped(Seat seat, long graceUntil) implements Change {}

    record Returned(Seat seat) implements Change {}

    /** {@code seat} was emptied; a game in progress is abandoned. */
    record Freed(Seat seat) implements Change {}

    /** The player in {@code seat} sent the room a command (a move, a takeback...). */
    record Said(Seat seat, ClientMessage message) implements Change {}

    record BotMoved(Seat seat, int cell) implements Change {}

    record TimedOut() implements Change {}

    /** Back after a restart: the wall clock moved {@code pausedMillis} while game time stood. */
    record Resumed(long pausedMillis) implements Change {}

    /** A journal record: the change and its instant, JSON named by the record's simple name. */
    record Entry(long nanos, long millis, Change change) {

        private static final ObjectReader READER =
                RoomState.JSON
                        .readerFor(Entry.class)
                        .with(
                                DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
                                DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES);

        /** Reads a record; throws {@link IllegalArgumentException} saying what is wrong with it. */
        static Entry read(byte[] record) {
            try {
                return READER.readValue(record);
            } catch (IOException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
    }
}
