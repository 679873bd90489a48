package dev.tictactoe.server.lobby;

import dev.tictactoe.server.game.Mark;

/** The end of a ticket's wait, as the queue's listener hears it: exactly one per ticket. */
public sealed interface MatchEvent {

    /**
     * Two tickets with the same key were paired: {@code x} plays X and moves first, {@code o} plays
     * O; who got which seat was drawn at random.
     */
    record Paired(MatchKey key, Ticket x, Ticket o) implements MatchEvent, Enqueued {

        public Ticket in(Mark seat) {
            return seat == Mark.X ? x : o;
        }
    }

    /**
     * Nobody came in time: a bot takes the other seat; {@code seat} (drawn at random) is the
     * player's.
     */
    record BotFilled(Ticket ticket, Mark seat) implements MatchEvent {}

    /** The ticket waited the longest a request may wait and left the queue. */
    record TimedOut(Ticket ticket) implements MatchEvent {}

    /** The ticket was cancelled: by its holder, or because the waiting connection closed. */
    record Cancelled(Ticket ticket) implements MatchEvent {}
}
