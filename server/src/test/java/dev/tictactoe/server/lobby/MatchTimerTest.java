package dev.tictactoe.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.server.bot.Level;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

class MatchTimerTest {

    private static final long SECOND = 1_000_000_000L;
    private static final MatchKey CLASSIC = MatchKey.of(3, null, null);

    private final ManualScheduler scheduler = new ManualScheduler();
    private final List<MatchEvent> heard = new ArrayList<>();
    private final MatchQueue queue =
            new MatchQueue(MatchQueue.DEFAULT_WAIT, 100, new SplittableRandom(3), heard::add);
    private final MatchTimer timer = new MatchTimer(queue, scheduler, () -> scheduler.now);

    private Ticket ticket(String name) {
        return Ticket.of(
                name + "-".repeat(Ticket.MIN_TICKET_LENGTH - name.length()), name, name, CLASSIC);
    }

    private void enqueue(Ticket ticket) {
        queue.enqueue(ticket, scheduler.now);
        timer.poke();
    }

    @Test
    void noTimerWhileNobodyWaits() {
        timer.poke();
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void aTimeoutFiresAtItsDeadlineAndNoTimerIsLeft() {
        long t0 = scheduler.now;
        enqueue(ticket("a"));
        scheduler.advanceTo(t0 + 30 * SECOND - 1);
        assertThat(heard).isEmpty();
        scheduler.advanceTo(t0 + 30 * SECOND);
        assertThat(heard).singleElement().isInstanceOf(MatchEvent.TimedOut.class);
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void aShortBotDelayBringsTheTimerForward() {
        long t0 = scheduler.now;
        enqueue(ticket("a"));
        scheduler.advanceTo(t0 + 5 * SECOND);
        Ticket b =
                Ticket.of("b" + "-".repeat(15), "b", "b", MatchKey.of(4, null, null))
                        .withBot(Level.EASY, Duration.ofSeconds(2));
        enqueue(b);
        assertThat(scheduler.pending()).isEqualTo(1); // the 30 s timer was replaced, not doubled

        scheduler.advanceTo(t0 + 7 * SECOND);
        assertThat(heard)
                .singleElement()
                .isInstanceOfSatisfying(
                        MatchEvent.BotFilled.class, f -> assertThat(f.ticket()).isEqualTo(b));
        assertThat(scheduler.pending()).isEqualTo(1); // set again for a's timeout

        scheduler.advanceTo(t0 + 30 * SECOND);
        assertThat(heard).hasSize(2).last().isInstanceOf(MatchEvent.TimedOut.class);
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void aLaterDeadlineDoesNotMoveTheTimer() {
        long t0 = scheduler.now;
        enqueue(ticket("a"));
        enqueue(
                ticket("b")
                        .withBot(Level.EASY, Duration.ofSeconds(1))); // pairs with a: nobody waits
        enqueue(ticket("c"));
        int scheduled = scheduler.tasks.size();
        scheduler.advanceTo(t0 + SECOND);
        enqueue(Ticket.of("d" + "-".repeat(15), "d", "d", MatchKey.of(5, null, null)));
        assertThat(scheduler.tasks).hasSize(scheduled);
        scheduler.advanceTo(t0 + 31 * SECOND);
        assertThat(heard)
                .extracting(e -> e.getClass().getSimpleName())
                .containsExactly("Paired", "TimedOut", "TimedOut");
    }

    @Test
    void aStoppedTimerDoesNothing() {
        long t0 = scheduler.now;
        enqueue(ticket("a"));
        timer.stop();
        scheduler.advanceTo(t0 + 60 * SECOND);
        assertThat(heard).isEmpty();
        assertThat(queue.size()).isEqualTo(1);
    }
}
