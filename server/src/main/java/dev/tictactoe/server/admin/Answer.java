package dev.tictactoe.server.admin;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ErrorCode;

import io.netty.handler.codec.http.HttpResponseStatus;

/** An admin API answer: a status and a JSON body. */
record Answer(HttpResponseStatus status, JsonNode body) {

    static Answer ok(JsonNode body) {
        return new Answer(HttpResponseStatus.OK, body);
    }

    /** A refusal, {@code {"code": ..., "message": ...}}. */
    static Answer refused(HttpResponseStatus status, String code, String message) {
        return new Answer(status, AdminReplies.error(code, message));
    }

    /** A refusal of what the client sent: {@code bad_message}. */
    static Answer bad(HttpResponseStatus status, String message) {
        return refused(status, ErrorCode.BAD_MESSAGE.wire(), message);
    }

    static Answer unknownRoom(String code) {
        return refused(
                HttpResponseStatus.NOT_FOUND,
                ErrorCode.UNKNOWN_ROOM.wire(),
                "no room with code " + AdminRouter.shorten(code));
    }
}
