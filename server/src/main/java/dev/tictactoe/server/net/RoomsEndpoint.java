package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/** {@code POST /api/rooms} creates a room; {@code GET /api/rooms/{code}} shows one. */
final class RoomsEndpoint {

    private final RoomRegistry rooms;
    private final RoomLookup lookup;

    RoomsEndpoint(RoomRegistry rooms, RoomLookup lookup) {
        this.rooms = rooms;
        this.lookup = lookup;
    }

    /** A new room with the settings {@code body} asks for (the defaults when it is blank). */
    FullHttpResponse create(String body) {
        NewRoom asked;
        RoomSettings settings;
        try {
            asked = body.isBlank() ? NewRoom.DEFAULT : MessageCodec.decodeNewRoom(body);
            settings = RoomSettings.resolve(asked, ThreadLocalRandom.current());
        } catch (ProtocolException e) {
            return HttpReplies.refusal(HttpResponseStatus.BAD_REQUEST, e.code(), e.getMessage());
        }
        Room room;
        try {
            room = rooms.create(settings, asked.botSeed());
        } catch (RoomRegistry.Full e) {
            return HttpReplies.refusal(
                    HttpResponseStatus.SERVICE_UNAVAILABLE,
                    ErrorCode.SERVER_FULL,
                    String.valueOf(e.getMessage()));
        }
        ObjectNode answer =
                JSON.createObjectNode()
                        .put("code", room.code())
                        .put("path", "/rooms/" + room.code() + "/ws");
        answer.set(
                "settings",
                HttpReplies.settings(settings, settings.creatorSeat())
                        .put("botSeed", asked.botSeed()));
        return HttpReplies.json(HttpResponseStatus.CREATED, answer, false);
    }

    /** The room's snapshot, computed on the room's loop. */
    CompletionStage<FullHttpResponse> info(String address, String typedCode) {
        return switch (lookup.find(address, typedCode)) {
            case RoomLookup.Found.Refused refused ->
                    CompletableFuture.completedFuture(refused.response());
            case RoomLookup.Found.Live live -> {
                CompletableFuture<FullHttpResponse> answer = new CompletableFuture<>();
                live.room()
                        .status()
                        .addListener(
                                status ->
                                        answer.complete(
                                                status.isSuccess()
                                                        ? HttpReplies.json(
                                                                HttpResponseStatus.OK,
                                                                MessageCodec.toTree(
                                                                        (Snapshot) status.getNow()),
                                                                false)
                                                        : HttpReplies.internalError(
                                                                "status unavailable")));
                yield answer;
            }
        };
    }
}
