package dev.tictactoe.bench.load;

import java.time.Duration;

/** What every table of a run shares: its settings, counters and source addresses. */
record Shared(LoadSettings settings, LoadStats stats, SourceAddresses sources) {

    /** Time allowed to connect and upgrade. */
    static final Duration OPEN_TIMEOUT = Duration.ofSeconds(20);

    /** Players only sit; they never move (capacity mode). */
    boolean idle() {
        return settings.capacityMode();
    }
}
