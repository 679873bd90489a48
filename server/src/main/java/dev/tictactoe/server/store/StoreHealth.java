package dev.tictactoe.server.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the store's last write succeeded, and the error if not. Logs once per change of state,
 * never once per record, so a full disk gives one line and not one per move; the line is written
 * before the new state shows, so whoever sees the change (the readiness probe) finds it logged.
 */
final class StoreHealth {

    private static final Logger log = LoggerFactory.getLogger(StoreHealth.class);

    private final String what;
    private volatile String lastError;

    StoreHealth(String what) {
        this.what = what;
    }

    boolean healthy() {
        return lastError == null;
    }

    /** The error of the failing state, or null when healthy. */
    String lastError() {
        return lastError;
    }

    void failed(String action, Exception e) {
        String error = action + ": " + e;
        synchronized (this) {
            if (lastError == null) {
                log.error("{} failing: {}", what, error);
            }
            lastError = error;
        }
    }

    void ok() {
        synchronized (this) {
            if (lastError != null) {
                log.warn("{} writing again after: {}", what, lastError);
                lastError = null;
            }
        }
    }
}
