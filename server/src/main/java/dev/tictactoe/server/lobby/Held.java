package dev.tictactoe.server.lobby;

import dev.tictactoe.server.metrics.MatchOutcome;
import dev.tictactoe.server.metrics.ServerMetrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.Consumer;

/** A request this node holds: where its ticket waits, its one timer, and its waiter. */
final class Held {

    private static final Logger log = LoggerFactory.getLogger(Matchmaker.class);

    final Ticket ticket;
    final long since;
    private final Consumer<MatchAnswer> waiter;
    volatile Tickets store;
    private volatile Runnable stopTimer = () -> {};
    private volatile boolean answered;

    Held(Ticket ticket, Consumer<MatchAnswer> waiter, long since, Tickets store) {
        this.ticket = ticket;
        this.waiter = waiter;
        this.since = since;
        this.store = store;
    }

    /** {@code due} runs after {@code delay}, unless {@link #answer} came first or comes. */
    void arm(Matchmaker.Scheduler scheduler, Duration delay, Runnable due) {
        stopTimer = scheduler.schedule(due, delay.toNanos());
        // Both flags are volatile: an answer racing this sees the new timer, or this sees it.
        if (answered) {
            stopTimer.run();
        }
    }

    MatchAnswer timedOut(long now) {
        return new MatchAnswer.TimedOut(ticket, Duration.ofNanos(now - since));
    }

    /** Its one answer, taken out of those held by the caller: counted, and heard by its waiter. */
    void answer(MatchAnswer answer, ServerMetrics metrics, long now) {
        answered = true;
        stopTimer.run();
        switch (answer) {
            case MatchAnswer.Matched m when m.opponent().bot() != null ->
                    metrics.matchEnded(MatchOutcome.BOT);
            case MatchAnswer.Matched m -> metrics.matchPaired(now - since);
            case MatchAnswer.TimedOut t -> metrics.matchEnded(MatchOutcome.TIMEOUT);
            case MatchAnswer.Cancelled c -> metrics.matchEnded(MatchOutcome.CANCELLED);
            case MatchAnswer.Unavailable u -> metrics.matchEnded(MatchOutcome.UNAVAILABLE);
        }
        log.debug("the request of '{}' ends: {}", ticket.name(), answer);
        try {
            waiter.accept(answer);
        } catch (RuntimeException e) {
            // One waiter's failure must not keep the other of a pairing from its answer.
            log.error("answering the request of '{}' failed", ticket.name(), e);
        }
    }
}
