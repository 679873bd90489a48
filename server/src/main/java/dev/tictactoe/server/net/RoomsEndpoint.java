package dev.tictactoe.server.net;

import static dev.tictactoe.server.net.HttpReplies.JSON;
import static dev.tictactoe.server.net.HttpReplies.abbreviate;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;
import dev.tictactoe.server.store.Store;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/** Creates and shows rooms; their finished games are read and analysed off the event loop. */
final class RoomsEndpoint {

    private final RoomRegistry rooms;
    private final RoomLookup lookup;
    private final @Nullable Store games;
    private final GameAnalyses analyses;

    RoomsEndpoint(
            RoomRegistry rooms, RoomLookup lookup, @Nullable Store games, GameAnalyses analyses) {
        this.rooms = rooms;
        this.lookup = lookup;
        this.games = games;
        this.analyses = analyses;
    }

    FullHttpResponse create(String body) {
        NewRoom asked;
        RoomSettings settings;
        Room room;
        try {
            asked = body.isBlank() ? NewRoom.DEFAULT : MessageCodec.decodeNewRoom(body);
            settings = RoomSettings.resolve(asked, ThreadLocalRandom.current());
            room = rooms.create(settings, asked.botSeed(), Map.of());
        } catch (ProtocolException e) {
            return HttpReplies.refusal(HttpResponseStatus.BAD_REQUEST, e.code(), e.getMessage());
        } catch (RoomRegistry.Full e) {
            return HttpReplies.unavailable(String.valueOf(e.getMessage()));
        }
        var answer =
                JSON.createObjectNode()
                        .put("code", room.code())
                        .put("path", "/rooms/" + room.code() + "/ws");
        answer.set(
                "settings",
                HttpReplies.settings(settings, settings.creatorSeat())
                        .put("botSeed", asked.botSeed()));
        return HttpReplies.json(HttpResponseStatus.CREATED, answer, false);
    }

    CompletionStage<FullHttpResponse> info(String address, String typedCode) {
        return switch (lookup.find(address, typedCode)) {
            case RoomLookup.Found.Refused refused ->
                    CompletableFuture.completedFuture(refused.response());
            case RoomLookup.Found.Live live ->
                    HttpReplies.completable(live.room().status())
                            .handle(
                                    (status, failure) ->
                                            failure == null
                                                    ? HttpReplies.ok(MessageCodec.toTree(status))
                                                    : HttpReplies.internalError(
                                                            "status unavailable"));
        };
    }

    /** A room with no kept games counts against the address's budget of unknown codes. */
    CompletionStage<FullHttpResponse> games(
            String address, String typedCode, @Nullable Integer game, boolean analysis) {
        FullHttpResponse throttled = lookup.throttled(address);
        if (throttled != null) {
            return CompletableFuture.completedFuture(throttled);
        }
        String code = RoomCode.normalize(typedCode).orElse(null);
        if (code == null || games == null) {
            return CompletableFuture.completedFuture(
                    notFound("no games kept for room " + abbreviate(typedCode)));
        }
        String notFound =
                game == null
                        ? "no games kept for room " + code
                        : "room " + code + " has no game " + game;
        return StoredRooms.lookup(games, code, game)
                .thenCompose(
                        body ->
                                body != null && analysis
                                        ? analyses.analyse(address, body)
                                        : CompletableFuture.completedFuture(
                                                body == null ? null : HttpReplies.ok(body)))
                .handle(
                        (response, failure) -> {
                            if (response != null || failure != null) {
                                // Games kept, or the archive failed: no miss of the client's.
                                lookup.found(address);
                            }
                            return failure != null
                                    ? HttpReplies.internalError("games unavailable")
                                    : response != null ? response : notFound(notFound);
                        });
    }

    private static FullHttpResponse notFound(String message) {
        return HttpReplies.refusal(HttpResponseStatus.NOT_FOUND, ErrorCode.UNKNOWN_ROOM, message);
    }
}
