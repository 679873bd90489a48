package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.metrics.ServerMetrics;
import dev.tictactoe.server.room.BotRunner;
import dev.tictactoe.server.room.Room;
import dev.tictactoe.server.room.RoomRegistry;
import dev.tictactoe.server.room.RoomSettings;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;
import io.netty.handler.codec.http.FullHttpResponse;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Room lookups within an address's budget of unknown codes, on a clock moved by hand: misses spend
 * it, a hit gives its token back, and an address out of tokens is refused 429 until it refills.
 */
class RoomLookupTest {

    private final ServerConfig config = ServerConfig.local();
    private final EventLoopGroup roomLoops =
            new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    private final BotRunner bots = new BotRunner(1, 10, config.rooms().botBudget(), null);
    private final RoomRegistry rooms = Wiring.rooms(config, roomLoops, bots);
    private final ServerMetrics metrics = new ServerMetrics();
    private final AtomicLong now = new AtomicLong();
    private final RoomLookup lookup =
            new RoomLookup(rooms, 1, 2, now::get, new LogLimiter(now::get), metrics);

    @AfterEach
    void stop() {
        metrics.close();
        bots.close();
        roomLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void missesSpendTheBudgetHitsGiveBackAndAnEmptyBudgetIsRefusedUntilItRefills()
            throws Exception {
        Room room =
                rooms.create(
                        RoomSettings.resolve(NewRoom.DEFAULT, new SplittableRandom(1)),
                        null,
                        Map.of());
        assertThat(refusal(lookup.find("10.0.0.1", "zzzz"))).startsWith("404 ");
        // A hit gives its token back: still one left after it.
        assertThat(lookup.find("10.0.0.1", room.code().toLowerCase(Locale.ROOT)))
                .isEqualTo(new RoomLookup.Found.Live(room));
        assertThat(refusal(lookup.find("10.0.0.1", "zzzy"))).startsWith("404 ");

        String refused = refusal(lookup.find("10.0.0.1", room.code()));
        assertThat(refused).startsWith("429 retry-after=1 ").contains("rate_limited");
        // Another address has a budget of its own.
        assertThat(lookup.find("10.0.0.2", room.code())).isInstanceOf(RoomLookup.Found.Live.class);

        now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        assertThat(lookup.find("10.0.0.1", room.code())).isInstanceOf(RoomLookup.Found.Live.class);
    }

    /** "status retry-after=n body" of a refusal. */
    private static String refusal(RoomLookup.Found found) {
        assertThat(found).isInstanceOf(RoomLookup.Found.Refused.class);
        FullHttpResponse response = ((RoomLookup.Found.Refused) found).response();
        try {
            String retry = response.headers().get("Retry-After");
            return response.status().code()
                    + (retry == null ? "" : " retry-after=" + retry)
                    + " "
                    + response.content().toString(StandardCharsets.UTF_8);
        } finally {
            response.release();
        }
    }
}
