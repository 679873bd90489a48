package dev.tictactoe.cli;

import dev.tictactoe.protocol.CloseCodes;

import org.jspecify.annotations.Nullable;

import java.time.Duration;

/** The connection status in the title line, in words: connecting, connected, reconnecting... */
final class ConnectionStatus {
    private static final String RESTARTING = "server restarting";

    private String text = "connecting";

    String text() {
        return text;
    }

    void connected() {
        text = "connected";
    }

    void closed() {
        text = "closed";
    }

    /** Attempt {@code attempt} comes after {@code wait}; the notice to show, or null for none. */
    @Nullable String reconnecting(
            String why, int closeCode, int attempt, int attempts, Duration wait) {
        boolean restarting = closeCode == CloseCodes.GOING_AWAY;
        String count = " (attempt %d of %d)".formatted(attempt, attempts);
        if (restarting || text.startsWith(RESTARTING)) {
            text = RESTARTING + " \u2014 reconnecting\u2026" + count;
            return restarting ? RESTARTING + " \u2014 reconnecting\u2026" : null;
        }
        text = "reconnecting in " + seconds(wait) + count;
        return why + "; reconnecting...";
    }

    /** Attempt {@code attempt} starts now; whether the status changed. */
    boolean attempting(int attempt, int attempts) {
        if (text.startsWith(RESTARTING)) {
            return false;
        }
        text = "reconnecting (attempt %d of %d)".formatted(attempt, attempts);
        return true;
    }

    /** A wait in seconds, with one decimal when it is not whole: "2 s", "0.5 s". */
    static String seconds(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format("%.1f s", ms / 1000.0);
    }
}
