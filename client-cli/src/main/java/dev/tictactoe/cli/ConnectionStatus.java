package dev.tictactoe.cli;

import dev.tictactoe.protocol.CloseCodes;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/**
 * The connection status in the title line, in words: connecting, connected, reconnecting in 2 s
 * (attempt 2 of 10), server restarting, closed.
 */
final class ConnectionStatus {
    private static final String RESTARTING = "server restarting";

    private String text = "connecting";

    /** The status as shown. */
    String text() {
        return text;
    }

    /** A join was welcomed. */
    void connected() {
        text = "connected";
    }

    /** The stay is over. */
    void closed() {
        text = "closed";
    }

    /**
     * The connection is gone and attempt {@code attempt} of {@code attempts} comes after {@code
     * wait}; the notice to show with the new status, or null for none.
     */
    @Nullable String reconnecting(
            String why, int closeCode, int attempt, int attempts, Duration wait) {
        boolean restarting = closeCode == CloseCodes.GOING_AWAY;
        if (restarting || text.startsWith(RESTARTING)) {
            text =
                    RESTARTING
                            + " \u2014 reconnecting\u2026 (attempt "
                            + attempt
                            + " of "
                            + attempts
                            + ")";
            return restarting ? RESTARTING + " \u2014 reconnecting\u2026" : null;
        }
        text =
                "reconnecting in "
                        + seconds(wait)
                        + " (attempt "
                        + attempt
                        + " of "
                        + attempts
                        + ")";
        return why + "; reconnecting...";
    }

    /** Attempt {@code attempt} starts now; whether the status changed. */
    boolean attempting(int attempt, int attempts) {
        if (text.startsWith(RESTARTING)) {
            return false;
        }
        text = "reconnecting (attempt " + attempt + " of " + attempts + ")";
        return true;
    }

    /** A wait in seconds, with one decimal when it is not whole: "2 s", "0.5 s". */
    static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format("%.1f s", ms / 1000.0);
    }
}
