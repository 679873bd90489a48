package dev.tictactoe.server.net;

import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;

import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;

/** Finds the room a typed code names, within the address's budget of unknown codes (else 429). */
final class RoomLookup extends AddressBudget {

    private static final Logger log = LoggerFactory.getLogger(RoomLookup.class);

    sealed interface Found {
        record Live(Room room) implements Found {}

        record Refused(FullHttpResponse response) implements Found {}
    }

    private final RoomRegistry rooms;
    private final LogLimiter clientLog;
    private final ServerMetrics metrics;

    /** {@code perSecond} unknown codes per address, in bursts of {@code burst}. */
    RoomLookup(
            RoomRegistry rooms,
            int perSecond,
            int burst,
            LongSupplier nanoClock,
            LogLimiter clientLog,
            ServerMetrics metrics) {
        super(1e9 / perSecond, burst, MAX_ADDRESSES, nanoClock);
        this.rooms = rooms;
        this.clientLog = clientLog;
        this.metrics = metrics;
    }

    Found find(String address, String typedCode) {
        FullHttpResponse throttled = throttled(address);
        if (throttled != null) {
            return new Found.Refused(throttled);
        }
        Optional<Room> room = rooms.find(typedCode);
        if (room.isEmpty()) {
            return new Found.Refused(HttpReplies.unknownRoom(typedCode.toUpperCase(Locale.ROOT)));
        }
        found(address);
        return new Found.Live(room.get());
    }

    /** Takes a token for a lookup answered later, or refuses it; {@link #found} gives it back. */
    @Nullable FullHttpResponse throttled(String address) {
        long retryAfter = take(address);
        if (retryAfter <= 0) {
            return null;
        }
        metrics.lookupThrottled();
        clientLog.log(
                log,
                Level.INFO,
                address,
                "{} tried too many unknown room codes; refusing lookups for now",
                address);
        FullHttpResponse response =
                HttpReplies.refusal(
                        HttpResponseStatus.TOO_MANY_REQUESTS,
                        ErrorCode.RATE_LIMITED,
                        "too many unknown room codes; retry in " + retryAfter + " s");
        response.headers()
                .setInt(HttpHeaderNames.RETRY_AFTER, (int) Math.min(Integer.MAX_VALUE, retryAfter));
        return response;
    }
}
