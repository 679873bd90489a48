/**
 * The server's meters (Micrometer, scraped as Prometheus text at /metrics): events counted by name,
 * levels read at each scrape, the process's and the event loops' health, and the build's identity.
 */
@NullMarked
package dev.tictactoe.server.metrics;

import org.jspecify.annotations.NullMarked;
