package dev.tictactoe.cli;

/**
 * The server's clock as seen from here. Every epoch time in a snapshot (clocks, claim times, grace
 * deadlines) is the server's, and this machine's clock may be off. A {@code serverTime} on a
 * welcome or snapshot gives the offset exactly (but for the network delay); without one, a diff
 * that starts a turn was sent at the turn's start, so its arrival is taken as that instant, and the
 * countdown starts from the moment the diff arrives. Until either is seen the local clock is
 * trusted. Not thread-safe: used on the session thread.
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
