package dev.tictactoe.server.net;

import java.util.concurrent.atomic.LongAdder;

/** Counters the metrics endpoint reports; cheap to bump from any loop. */
final class ServerStats {
    final LongAdder connections = new LongAdder();
    final LongAdder messages = new LongAdder();
}
