package dev.tictactoe.server.metrics;

/** How a quick-match request ended, as the {@code outcome} label says it. */
public enum MatchOutcome {
    /** Paired with another person. */
    PAIRED,
    /** Nobody came in time and a bot took the other seat. */
    BOT,
    /** Nobody came within the wait limit. */
    TIMEOUT,
    /** Cancelled by its ticket or by its connection closing. */
    CANCELLED,
    /** Paired, but no room could be opened; or the server stopped. */
    UNAVAILABLE,
    /** Refused before it could wait: already queued, ticket in use, queue full. */
    REFUSED
}
