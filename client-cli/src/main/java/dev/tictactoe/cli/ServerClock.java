package dev.tictactoe.cli;

/**
 * The server's clock as seen from here: a {@code serverTime} gives the offset; without one, a diff
 * that starts a turn is taken as sent at the turn's start.
 */
final class ServerClock {
    /** Server time minus local time, in milliseconds. */
    private long offset;

    /** The offset came from a {@code serverTime}: turn starts are no better a measure. */
    private boolean measured;

    /** A welcome or snapshot written at {@code serverTime} arrived at {@code localNow}. */
    void serverTime(long serverTime, long localNow) {
        offset = serverTime - localNow;
        measured = true;
    }

    /**
     * A diff starting a turn at {@code turnStartedAt} (server time) arrived at {@code localNow}.
     */
    void turnStarted(long turnStartedAt, long localNow) {
        if (!measured) {
            offset = turnStartedAt - localNow;
        }
    }

    /** The server's time now, for a local time of {@code localNow}. */
    long now(long localNow) {
        return localNow + offset;
    }
}
