package dev.tictactoe.server.store;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the store's last write succeeded, and the error if not. Logs once per change of state (a
 * full disk gives one line, not one per move), before the new state shows.
 */
final class StoreHealth {

    private static final Logger log = LoggerFactory.getLogger(StoreHealth.class);

    private final String what;
    private volatile @Nullable String lastError;

    StoreHealth(String what) {
        this.what = what;
    }

    boolean healthy() {
        return lastError == null;
    }

    @Nullable String lastError() {
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
