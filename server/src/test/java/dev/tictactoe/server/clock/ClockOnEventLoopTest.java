package dev.tictactoe.server.clock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.Seat;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The way a room uses its clock: one timer on its own loop at {@link GameClock#deadline()}, and
 * {@link GameClock#flag} when it fires. A timer never runs before the deadline it was set for, so
 * the flag is there on the first firing.
 */
class ClockOnEventLoopTest {

    @Test
    void aTimerSetForTheDeadlineFindsTheFlag() throws Exception {
        EventLoop loop = new DefaultEventLoop();
        try {
            CompletableFuture<Seat> flagged = new CompletableFuture<>();
            loop.execute(
                    () -> {
                        GameClock clock =
                                new GameClock(
                                        new TimeControl(
                                                Duration.ZERO,
                                                Duration.ZERO,
                                                TimeControl.MIN_PER_MOVE));
                        clock.start(Seat.O, System.nanoTime(), System.currentTimeMillis());
                        long deadline = clock.deadline().orElseThrow();
                        loop.schedule(
                                () -> {
                                    Seat out = clock.flag(System.nanoTime());
                                    if (out != null) {
                                        flagged.complete(out);
                                    } else {
                                        flagged.completeExceptionally(
                                                new AssertionError(
                                                        "the timer fired before the deadline"));
                                    }
                                },
                                deadline - System.nanoTime(),
                                TimeUnit.NANOSECONDS);
                    });
            assertThat(flagged.get(10, TimeUnit.SECONDS)).isEqualTo(Seat.O);
        } finally {
            loop.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        }
    }
}
