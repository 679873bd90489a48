/** The load generator: many players over real sockets, and what the server and machine spent. */
@NullMarked
package dev.tictactoe.bench.load;

import org.jspecify.annotations.NullMarked;
