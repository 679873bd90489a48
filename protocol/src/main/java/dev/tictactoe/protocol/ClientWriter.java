package dev.tictactoe.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;

/** Writes what clients send: messages over the socket and the body of {@code POST /api/rooms}. */
final class ClientWriter {

    private static final ObjectWriter WRITER = Json.MAPPER.writerFor(ClientMessage.class);

    private ClientWriter() {}

    static String encode(ClientMessage message) {
        try {
            return WRITER.writeValueAsString(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message, e);
        }
    }

    static byte[] encodeToBytes(ClientMessage message) {
        try {
            return WRITER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + message, e);
        }
    }

    static String encode(NewRoom room) {
        try {
            return Json.MAPPER.writeValueAsString(room);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + room, e);
        }
    }
}
