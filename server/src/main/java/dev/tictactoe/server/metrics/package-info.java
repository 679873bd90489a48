/** The server's meters, scraped as Prometheus text at /metrics. */
@NullMarked
package dev.tictactoe.server.metrics;

import org.jspecify.annotations.NullMarked;
