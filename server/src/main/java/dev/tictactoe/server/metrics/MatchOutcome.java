package dev.tictactoe.server.metrics;

/** How a quick-match request ended, as the {@code outcome} label says it. */
public enum MatchOutcome {
    PAIRED,
    /** Nobody came in time and a bot took the other seat. */
    BOT,
    TIMEOUT,
    /** Cancelled by its ticket or by its connection closing. */
    CANCELLED,
    /** Paired, but no room could be opened; or the server stopped. */
    UNAVAILABLE,
    /** Refused before it could wait: already queued, ticket in use, queue full. */
    REFUSED
}
