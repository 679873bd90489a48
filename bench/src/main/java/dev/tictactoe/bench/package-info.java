/**
 * Measuring tools, not shipped: the bare relay baseline, JMH benchmarks and solver runs; the load
 * generator lives in {@code load}.
 */
@NullMarked
package dev.tictactoe.bench;

import org.jspecify.annotations.NullMarked;
