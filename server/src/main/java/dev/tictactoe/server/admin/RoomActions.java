package dev.tictactoe.server.admin;

import static dev.tictactoe.server.net.HttpReplies.JSON;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.RoomCode;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.protocol.WireWord;
import dev.tictactoe.server.net.HttpReplies;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomOperator;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/** The admin room API, answered on the rooms' own loops; every action logs one line. */
final class RoomActions {

    private static final Logger log = LoggerFactory.getLogger(RoomActions.class);

    static final String DEFAULT_DISCONNECT_REASON = "disconnected by the operator";

    /** An HTTP-only refusal code: the seat has no connection to close. */
    static final String NOT_CONNECTED = "not_connected";

    private final RoomRegistry rooms;

    RoomActions(RoomRegistry rooms) {
        this.rooms = rooms;
    }

    CompletableFuture<FullHttpResponse> list(AdminRoute.ListRooms list) {
        List<Room> matching =
                rooms.rooms().stream()
                        .filter(room -> room.code().startsWith(list.codePrefix()))
                        .sorted(Comparator.comparing(Room::code))
                        .toList();
        List<CompletableFuture<RoomOperator.@Nullable View>> views =
                matching.stream()
                        .limit(list.limit())
                        .map(RoomOperator::view)
                        .map(HttpReplies::<RoomOperator.@Nullable View>completable)
                        .toList();
        return CompletableFuture.allOf(views.toArray(CompletableFuture[]::new))
                .handle((done, failure) -> listed(views, matching.size(), list.limit()));
    }

    private FullHttpResponse listed(
            List<CompletableFuture<RoomOperator.@Nullable View>> views, int total, int limit) {
        long now = System.currentTimeMillis();
        ObjectNode body = JSON.createObjectNode().put("total", total).put("limit", limit);
        ArrayNode array = body.putArray("rooms");
        for (var view : views) {
            // A room closed meanwhile (null, or its loop gone) is left out.
            RoomOperator.View v = view.isCompletedExceptionally() ? null : view.join();
            if (v != null) {
                array.add(summary(v, now));
            }
        }
        return HttpReplies.ok(body);
    }

    CompletableFuture<FullHttpResponse> show(String typedCode) {
        Room room = rooms.find(typedCode).orElse(null);
        if (room == null) {
            return gone(typedCode);
        }
        return HttpReplies.completable(RoomOperator.view(room))
                .thenApply(
                        view ->
                                view == null
                                        ? HttpReplies.unknownRoom(room.code())
                                        : HttpReplies.ok(detail(view, System.currentTimeMillis())));
    }

    /** Closes the room, or with {@code seatName} disconnects that seat; logged once done. */
    CompletableFuture<FullHttpResponse> act(
            String typedCode, @Nullable String seatName, String body, String from) {
        Room room = rooms.find(typedCode).orElse(null);
        if (room == null) {
            return gone(typedCode);
        }
        Seat seat =
                seatName == null
                        ? null
                        : WireWord.find(Seat.values(), seatName.toUpperCase(Locale.ROOT));
        if (seatName != null && seat == null) {
            String message =
                    "no seat '" + HttpReplies.abbreviate(seatName) + "': seats are X and O";
            var refused = HttpReplies.badMessage(HttpResponseStatus.NOT_FOUND, message, false);
            return CompletableFuture.completedFuture(refused);
        }
        return switch (Reason.read(body, seat == null ? null : DEFAULT_DISCONNECT_REASON)) {
            case Reason.Bad bad ->
                    CompletableFuture.completedFuture(
                            HttpReplies.badMessage(
                                    HttpResponseStatus.BAD_REQUEST, bad.message(), false));
            case Reason.Given reason ->
                    HttpReplies.completable(
                                    seat == null
                                            ? RoomOperator.close(room, reason.text())
                                            : RoomOperator.disconnect(room, seat, reason.text()))
                            .thenApply(
                                    outcome ->
                                            done(outcome, room.code(), seat, reason.text(), from));
        };
    }

    private static FullHttpResponse done(
            RoomOperator.Outcome outcome,
            String code,
            @Nullable Seat seat,
            String reason,
            String from) {
        ObjectNode body = JSON.createObjectNode().put("room", code);
        return switch (outcome) {
            case GONE -> HttpReplies.unknownRoom(code);
            case NOT_CONNECTED ->
                    HttpReplies.refusal(
                            HttpResponseStatus.CONFLICT,
                            NOT_CONNECTED,
                            "nobody is connected on seat " + seat + " of room " + code);
            case DONE -> {
                if (seat == null) {
                    log.info("admin: room {} closed, reason '{}' (from {})", code, reason, from);
                    yield HttpReplies.ok(body.put("closed", true).put("reason", reason));
                }
                log.info(
                        "admin: room {} seat {} disconnected, reason '{}' (from {})",
                        code,
                        seat,
                        reason,
                        from);
                yield HttpReplies.ok(
                        body.put("seat", seat.name())
                                .put("disconnected", true)
                                .put("reason", reason));
            }
        };
    }

    private static CompletableFuture<FullHttpResponse> gone(String typedCode) {
        return CompletableFuture.completedFuture(
                HttpReplies.unknownRoom(RoomCode.normalize(typedCode).orElse(typedCode)));
    }

    static ObjectNode summary(RoomOperator.View view, long nowMillis) {
        Snapshot s = view.snapshot();
        ObjectNode room =
                JSON.createObjectNode()
                        .put("code", s.room())
                        .put("status", s.status().wire())
                        .put("version", s.version())
                        .put("game", s.game())
                        .put("createdAt", Instant.ofEpochMilli(view.createdAt()).toString())
                        .put("ageSeconds", Math.max(0, (nowMillis - view.createdAt()) / 1000));
        room.set("settings", JSON.valueToTree(s.settings()));
        ArrayNode members = room.putArray("members");
        for (Seat seat : Seat.values()) {
            Snapshot.Player player = s.players().seat(seat);
            if (player != null) {
                members.addObject()
                        .put("seat", seat.wire())
                        .put("name", player.name())
                        .put("kind", player.kind().wire())
                        .put("level", WireWord.spelling(player.level()))
                        .put("state", player.connected() ? "connected" : "dropped")
                        .put(
                                "graceUntil",
                                player.graceUntil() == null
                                        ? null
                                        : Instant.ofEpochMilli(player.graceUntil()).toString());
            }
        }
        room.put("spectators", s.spectators());
        return room;
    }

    static ObjectNode detail(RoomOperator.View view, long nowMillis) {
        ObjectNode room = summary(view, nowMillis);
        room.set("snapshot", MessageCodec.toTree(view.snapshot()));
        return room;
    }
}
